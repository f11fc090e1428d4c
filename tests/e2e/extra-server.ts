/**
 * A second production server for tests that need other settings than the suite's own (Yandex keys, PostgreSQL):
 * started from the same build, on its own port and data directory, and stopped after the file's tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

export interface ExtraServer {
  base: string;
  process: ChildProcess;
  /** The server's log lines (stdout), when started with `captureLog`. */
  log: string[];
  stop(): Promise<void>;
}

export async function startExtraServer(options: {
  port: number;
  /** Inside the ignored .e2e-data directory, next to (not inside) the main test server's database. */
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Keep the log lines (stdout) in `log`. */
  captureLog?: boolean;
  /** Start on the data directory as it is and leave it after the stop (a restart with other settings). */
  keepData?: boolean;
}): Promise<ExtraServer> {
  const base = `http://127.0.0.1:${options.port}`;
  if (!options.keepData) fs.rmSync(options.dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['server.ts'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      INSECURE_COOKIES: '1',
      // Like the suite's own server (playwright.config.ts); a spec can turn it off with TRUST_PROXY: ''.
      TRUST_PROXY: 'loopback',
      // No load balancer to wait for: stop() expects the process gone within 5 s.
      SHUTDOWN_READINESS_DELAY_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', options.captureLog ? 'pipe' : 'ignore', 'ignore'],
  });
  const log: string[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    log.push(...lines);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    if (!options.keepData) fs.rmSync(options.dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 170_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, process: child, log, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the extra test server on port ${options.port} did not start`);
}
