/**
 * A stop during start-up (migrations, the demo seed) ends the server at once with exit code 0, as a container's PID 1
 * needs: Node installs no default SIGTERM handler for PID 1 (server.ts, README "Operations"). On the embedded
 * database's first start the database is created by a child process (scripts/create-embedded-database.ts): the stop
 * ends it too, and leaves nothing a later start would open as a half-made database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '#db/pglite-lock.ts';

interface Started {
  server: ChildProcess;
  output: () => string;
  /** The exit code, listened for from the spawn on, so that an exit before anyone waits is not missed. */
  exited: Promise<number | null>;
}

function startServer(dataDir: string): Started {
  const server = spawn(process.execPath, ['server.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DEMO_CONTENT: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  return { server, output: () => output, exited };
}

/**
 * Whether the start is already over: listening, or ended by itself. Without a build (vitest runs before `npm run
 * build` in `npm test`) a start on an existing database ends a moment after it opened it, and a signal sent after that
 * would wait for an exit that has already happened.
 */
function pastStartup({ server, output }: Started): boolean {
  return server.exitCode !== null || server.signalCode !== null || /"msg":"listening"|No build found/.test(output());
}

async function waitFor(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** SIGTERM ends the starting server with exit code 0 within 5 s, saying so, before it ever listened. */
async function expectQuickStop({ server, output, exited }: Started): Promise<void> {
  const signalledAt = Date.now();
  server.kill('SIGTERM');
  // Bounded, and the server's output in the message: a start that ignores the signal fails here in 10 s, readably.
  const code = await Promise.race([
    exited,
    new Promise<'still running'>((r) => setTimeout(r, 10_000, 'still running')),
  ]);
  if (code === 'still running') server.kill('SIGKILL');
  expect(code, output()).toBe(0);
  expect(Date.now() - signalledAt).toBeLessThan(5000);
  expect(output()).toContain('stopped during start-up');
  expect(output()).not.toContain('"msg":"listening"');
}

describe('SIGTERM during start-up', { timeout: 180_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-startup-signal-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('exits 0 at once while the database is being created, stops the child creating it, and the next start begins again', async () => {
    const started = startServer(dataDir);
    // The child's lock appears when it starts creating the new database, seconds before the server listens.
    const creatingLock = path.join(dataDir, 'pglite.creating.lock');
    await waitFor(() => fs.existsSync(creatingLock), 'the database to be created');
    const creator = JSON.parse(fs.readFileSync(creatingLock, 'utf8')) as { pid: number };
    expect(creator.pid).not.toBe(started.server.pid);
    await expectQuickStop(started);
    expect(isProcessAlive(creator.pid)).toBe(false);
    // Nothing half-made under the database's own name.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);

    // The next start creates the database anew. It runs before the build is needed (vitest runs before `npm run
    // build` in `npm test`), so the start either listens or, without a build, stops right after the database is ready.
    const next = startServer(dataDir);
    const passedTheDatabase = () => /"msg":"listening"|No build found/.test(next.output());
    await waitFor(passedTheDatabase, 'the next start to get past the database', 150_000);
    expect(next.output()).toContain('"msg":"demo content seeded"');
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'pglite.creating'))).toBe(false);
    if (next.server.exitCode === null) next.server.kill('SIGTERM');
    await next.exited;
  });

  it('exits 0 at once while an existing database is being opened and migrated', async () => {
    // The server's own lock appears when it opens the database, before migrations and the rest of the start. That
    // start is short: a start that got past it before the signal could be sent is tried again.
    const lockFile = path.join(dataDir, 'pglite.lock');
    for (let attempt = 1; ; attempt++) {
      const started = startServer(dataDir);
      await waitFor(() => fs.existsSync(lockFile) || pastStartup(started), 'the database to be opened');
      if (!pastStartup(started)) {
        await expectQuickStop(started);
        return;
      }
      if (started.server.exitCode === null) started.server.kill('SIGTERM');
      await started.exited;
      expect(attempt, 'a start that the signal reached before it was over').toBeLessThan(5);
    }
  });
});
