/** The built production server under test: `node server.ts` with its own DATA_DIR, port and database. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '#scripts/lib/free-port.ts';

export const ADMIN = { email: 'proof-admin@club.test', password: 'proof-Admin-password-1' };
export const EDITOR = { email: 'proof-editor@club.test', password: 'proof-Editor-password-1' };

export interface RunningServer {
  base: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) and the time of exit. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  rssKb(): number | null;
  alive(): boolean;
  stop(): Promise<void>;
}

/** Extra environment every start gets (e.g. a short readiness grace); set by the suite. */
export function serverEnv(databaseUrl: string, dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'proof-session-secret-0123456789abcdef0123456789abcdef',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    INSECURE_COOKIES: '1',
    LOG_LEVEL: process.env.PROOF_LOG_LEVEL ?? 'warn',
  };
}

export async function startServer(databaseUrl: string, dataDir: string, logFile: string): Promise<RunningServer> {
  const port = await freePort();
  fs.mkdirSync(dataDir, { recursive: true });
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['server.ts'], {
    env: serverEnv(databaseUrl, dataDir, port),
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const base = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    base,
    port,
    dataDir,
    child,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    rssKb() {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
        return match ? Number(match[1]) : null;
      } catch {
        return null;
      }
    },
    async stop() {
      if (!server.alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`server exited during start-up; see ${logFile}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`server not ready within 120 s; see ${logFile}`);
}

export function ensureBuild() {
  return fs.existsSync(path.resolve('build/server/index.js'));
}
