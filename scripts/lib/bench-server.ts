/** What the measuring scripts (bench*.ts, lighthouse.ts) share: build, wait for and stop a production server. */
import { type ChildProcess, execSync, spawn } from 'node:child_process';

/**
 * The container's memory settings (the Dockerfile's `ENV`, ADR 34 in docs/decisions), each unless the environment
 * sets it: the V8 heap bounds, two glibc malloc arenas, and fixed malloc thresholds so that blocks of 128 KB and
 * more are mapped and unmapped (returned at once) and freed memory at the top of the heap is given back.
 */
export function containerMemoryEnv(): Record<string, string> {
  return {
    NODE_OPTIONS: process.env.NODE_OPTIONS || '--max-old-space-size=384 --max-semi-space-size=8',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
    MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? '131072',
  };
}

/** Builds the app with `react-router build` unless BENCH_SKIP_BUILD=1. */
export function buildUnlessSkipped(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  console.log('building…');
  execSync('npx react-router build', { stdio: 'ignore' });
}

/**
 * Starts the built server (`node server.ts`) in production mode on 127.0.0.1, printing only its errors; `env` adds to
 * the settings.
 */
export function startProductionServer(port: number, dataDir: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resolves once `${base}/readyz` answers 200; throws after 120 s. */
export async function waitForReady(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready within 120 s');
}

/** Stops a server process with SIGTERM and resolves when it has exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
