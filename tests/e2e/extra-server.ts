/**
 * A second production server for tests that need other settings than the suite's own (Yandex keys, PostgreSQL):
 * started from the same build, on its own port and data directory, and stopped after the file's tests.
 *
 * A first start on the embedded database (no DATABASE_URL, an empty data directory) begins from a copy of a pristine
 * data directory made once per run (`embeddedTemplate`): creating PGlite, migrating and drawing the demo content costs
 * every start ~7 s of CPU and up to 20 s on a busy machine, and each spec would otherwise pay it. The copy is what
 * that first start would have made (scripts/create-embedded-database.ts is what makes it), so the server starts as it
 * would on its second start. A spec about the first start itself passes `firstStart: true`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { productionServerEnv, stop as stopProcess } from '#scripts/lib/bench-server.ts';
import { E2E_BID_MIN_FILL_MS } from '#tests/e2e/settings.ts';

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
  /** Create the embedded database as a first start does, instead of copying the run's pristine one. */
  firstStart?: boolean;
  /** Arguments after `server.ts`: `['--dev']` starts the development server (Vite, no build). */
  args?: string[];
}): Promise<ExtraServer> {
  const base = `http://127.0.0.1:${options.port}`;
  if (!options.keepData) fs.rmSync(options.dataDir, { recursive: true, force: true });
  const env = serverEnv(options.port, options.dataDir, options.env);
  if (!options.firstStart && !env.DATABASE_URL && !fs.existsSync(path.join(options.dataDir, 'pglite', 'PG_VERSION'))) {
    const template = await embeddedTemplate(env);
    fs.cpSync(template, options.dataDir, { recursive: true });
  }
  const child = spawn(process.execPath, ['server.ts', ...(options.args ?? [])], {
    env,
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
    // Gone before stop() returns: a restart on the same data directory and port (`keepData`) must not meet the old
    // process still closing its database (a clean-clone run on a busy machine did, after a 5 s wait).
    await stopProcess(child);
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
  const exit = child.exitCode ?? child.signalCode;
  await stop();
  throw new Error(
    exit === null
      ? `the extra test server on port ${options.port} did not start`
      : `the extra test server on port ${options.port} exited (${exit}) before it was ready`,
  );
}

function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...productionServerEnv(port, dataDir),
    INSECURE_COOKIES: '1',
    // Like the suite's own server (playwright.config.ts); a spec can turn it off with TRUST_PROXY: ''.
    TRUST_PROXY: 'loopback',
    // No load balancer to wait for: the process stops as soon as its requests are answered.
    SHUTDOWN_READINESS_DELAY_MS: '0',
    BID_MIN_FILL_MS: String(E2E_BID_MIN_FILL_MS),
    ...extra,
  };
}

/** Inside the suite's data directory, which the suite's server empties at the start of every run. */
const TEMPLATES = '.e2e-data/templates';

/**
 * The run's pristine embedded data directory for a first start with `env`: with the demo content, or empty with
 * DEMO_CONTENT=0 (the only setting a first start's database depends on here: the specs use local storage and the
 * default zone). Both are made before the suite's server starts (tests/e2e/suite-data.ts); should one be missing, the
 * first worker that needs it makes it and the others wait for it.
 */
export async function embeddedTemplate(env: NodeJS.ProcessEnv): Promise<string> {
  const kind = env.DEMO_CONTENT === '0' ? 'empty' : 'demo';
  const dir = path.join(TEMPLATES, kind);
  const done = () => fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION'));
  const lock = `${dir}.making`;
  fs.mkdirSync(TEMPLATES, { recursive: true });
  const deadline = Date.now() + 170_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`the template data directory ${dir} was not made in time`);
    try {
      fs.mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      if (!done()) await makeEmbeddedTemplate(dir, kind, env);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

/** What a first start does before it serves: scripts/create-embedded-database.ts, run as server.ts runs it. */
function makeEmbeddedTemplate(dir: string, kind: 'empty' | 'demo', env: NodeJS.ProcessEnv): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['scripts/create-embedded-database.ts'], {
    env: { ...env, DATA_DIR: dir, DEMO_CONTENT: kind === 'empty' ? '0' : '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`making the template data directory ${dir} failed (${code})`)),
    );
  });
}
