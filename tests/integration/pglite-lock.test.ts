/** One process at a time on a PGlite directory: a second one is refused while the owner lives (db/pglite-lock.ts). */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '#db/index.ts';
import { DatabaseLockedError, lockFileOf } from '#db/pglite-lock.ts';
import { useTempDir } from '#tests/fixtures/temp-dir.ts';
import { openPgliteDir } from '#tests/integration/db-harness.ts';

const run = promisify(execFile);

describe('PGlite directory lock', { timeout: 120_000 }, () => {
  const dataDir = useTempDir('club-lock-');
  let pgliteDir: string;

  beforeAll(() => {
    pgliteDir = path.join(dataDir(), 'pglite');
  });

  it('refuses a second process while the owner lives, naming it and saying what to do', async () => {
    // Another process holds the lock: a child that writes its own lock record and waits.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require('node:fs').writeFileSync(${JSON.stringify(lockFileOf(pgliteDir))}, JSON.stringify({ pid: process.pid, owner: 'сервер' }), { flag: 'wx' }); console.log('held'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((resolve) => holder.stdout!.once('data', resolve));

      const refusal = await createDb({ dataDir: pgliteDir, lockOwner: 'управление сотрудниками' }).catch(
        (error) => error,
      );
      expect(refusal).toBeInstanceOf(DatabaseLockedError);
      expect(refusal.message).toBe(
        `База данных в ${pgliteDir} уже открыта процессом ${holder.pid} (сервер). Остановите его или используйте DATABASE_URL.`,
      );

      // The staff CLI says so in one line, exit code 1, no stack trace.
      const cli = await run(process.execPath, ['scripts/staff.ts', 'list'], {
        env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '' },
      }).catch((error) => error);
      expect(cli.code).toBe(1);
      expect(cli.stderr.trim()).toMatch(/^База данных в .+ уже открыта процессом \d+ \(сервер\)\. Остановите его/);
      expect(cli.stderr).not.toContain('    at ');
    } finally {
      holder.kill();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
  });

  it('takes over a stale lock of a dead process and releases its own on close', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    fs.writeFileSync(lockFileOf(pgliteDir), JSON.stringify({ pid: dead.pid, owner: 'сервер' }));

    const handle = await openPgliteDir(pgliteDir, 'сервер');
    expect(JSON.parse(fs.readFileSync(lockFileOf(pgliteDir), 'utf8'))).toMatchObject({
      pid: process.pid,
      owner: 'сервер',
    });
    await handle.close();
    expect(fs.existsSync(lockFileOf(pgliteDir))).toBe(false);
  });

  it('a server that holds the directory makes the migrate command refuse', async () => {
    const handle = await createDb({ dataDir: pgliteDir, lockOwner: 'сервер' });
    try {
      const migrate = await run(process.execPath, ['scripts/migrate.ts'], {
        env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '' },
      }).catch((error) => error);
      expect(migrate.code).toBe(1);
      expect(migrate.stderr.trim()).toBe(
        `База данных в ${pgliteDir} уже открыта процессом ${process.pid} (сервер). Остановите его или используйте DATABASE_URL.`,
      );
    } finally {
      await handle.close();
    }
  });
});
