/** What the measuring scripts (bench*.ts, lighthouse.ts) share: build, wait for and stop a production server. */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { memorySettingsEnv } from '#app/infra/memory-settings.server.ts';

/**
 * The server's memory settings (app/infra/memory-settings.server.ts, ADR 34 in docs/decisions) as environment
 * variables, each unless the environment sets it: `server.ts` would apply them to itself, and the baselines
 * (bench-minimal-rr.ts) get the same, so servers are compared under equal settings.
 */
export function containerMemoryEnv(): Record<string, string> {
  return memorySettingsEnv(process.env);
}

/** Builds the app with `react-router build` unless BENCH_SKIP_BUILD=1. */
export function buildUnlessSkipped(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  console.log('building…');
  execSync('npx react-router build', { stdio: 'ignore' });
}

/**
 * Starts the built server (`node server.ts`) in production mode on 127.0.0.1, printing only its errors; `env` adds to
 * the settings. `script` starts another server the same way (the minimal baseline page), `nodeFlags` go before it;
 * `cwd` starts it in another checkout (its own `build/`).
 */
export function startProductionServer(
  port: number,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  { script = 'server.ts', nodeFlags = [] as string[], cwd = undefined as string | undefined } = {},
): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, script], {
    cwd,
    env: { ...productionServerEnv(port, dataDir), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** This process's environment with a production server's settings on 127.0.0.1: `port`, `dataDir`, warnings only. */
export function productionServerEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
}

/** The settings of a measured server: the demo content (off on PostgreSQL by default) and the memory settings. */
export function measuredServerEnv(env: Record<string, string>): Record<string, string> {
  return { DEMO_CONTENT: '1', ...containerMemoryEnv(), ...env };
}

/** Resolves once `${base}/readyz` answers 200; throws after `timeoutMs` (120 s unless given). */
export async function waitForReady(base: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become ready within ${timeoutMs / 1000} s`);
}

/**
 * Stops a server process with SIGTERM (SIGKILL if it is still there after `graceMs`) and resolves when it has exited:
 * a server started again on the same data directory and port never meets the old one still closing.
 */
export function stop(child: ChildProcess, graceMs = 30_000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A process's resident memory in MB (this process's without a pid), or null once it is gone. */
export function rssMb(pid: number | undefined = process.pid): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}
