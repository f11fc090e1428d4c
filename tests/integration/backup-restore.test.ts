/** `npm run backup` / `npm run restore` round trips on both engines (scripts/backup.ts, scripts/restore.ts). */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '#db/index.ts';
import { withAdminClient } from '#tests/fixtures/pg.ts';
import { useTempDir } from '#tests/fixtures/temp-dir.ts';
import { openPgliteDir } from '#tests/integration/db-harness.ts';

const run = promisify(execFile);
const TIMEOUT = 180_000;

function cli(script: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, [script, ...args], { env: { ...process.env, DATABASE_URL: '', ...env } });
}

/** The site's database (PostgreSQL at `databaseUrl`, else PGlite in `dataDir`) with a row marked `marker`. */
async function markRow(databaseUrl: string | undefined, dataDir: string, marker: string) {
  const handle = databaseUrl ? await createDb({ databaseUrl }) : await openPgliteDir(path.join(dataDir, 'pglite'));
  try {
    await migrateToLatest(handle.db);
    await handle.db.insertInto('audit_log').values({ action: 'create', entity: marker, entity_id: 1 }).execute();
  } finally {
    await handle.close();
  }
}

async function hasRow(databaseUrl: string | undefined, dataDir: string, marker: string): Promise<boolean> {
  const handle = await createDb({ databaseUrl, dataDir: path.join(dataDir, 'pglite') });
  try {
    return Boolean(
      await handle.db.selectFrom('audit_log').select('id').where('entity', '=', marker).executeTakeFirst(),
    );
  } finally {
    await handle.close();
  }
}

describe('backup and restore', () => {
  const root = useTempDir('club-backup-test-');

  it('PGlite: the database, the uploaded images and the session secret come back', { timeout: TIMEOUT }, async () => {
    const dataDir = path.join(root(), 'pglite-site');
    const archive = path.join(root(), 'pglite.tar.gz');
    await markRow(undefined, dataDir, 'pglite-marker');
    fs.mkdirSync(path.join(dataDir, 'uploads', 'u'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'u', 'a.jpg'), 'picture');
    fs.writeFileSync(path.join(dataDir, 'session-secret'), 'the-generated-secret');

    const backup = await cli('scripts/backup.ts', ['--out', archive], { DATA_DIR: dataDir });
    expect(backup.stdout).toContain('Резервная копия:');

    fs.rmSync(dataDir, { recursive: true });
    const restore = await cli('scripts/restore.ts', [archive], { DATA_DIR: dataDir });
    expect(restore.stdout).toContain('Восстановлено из');
    expect(await hasRow(undefined, dataDir, 'pglite-marker')).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'u', 'a.jpg'), 'utf8')).toBe('picture');
    expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe('the-generated-secret');

    // A PGlite copy does not go into PostgreSQL.
    const wrong = await cli('scripts/restore.ts', [archive], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    }).catch((error) => error);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toBe(
      'Это копия встроенной базы PGlite: восстановите её без DATABASE_URL (в DATA_DIR).',
    );
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!adminUrl)('PostgreSQL: pg_dump and pg_restore into an empty database', { timeout: TIMEOUT }, async () => {
    const names = [`backup_src_${randomBytes(4).toString('hex')}`, `backup_dst_${randomBytes(4).toString('hex')}`];
    const urlOf = (name: string) => {
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      return url.toString();
    };
    await withAdminClient(adminUrl!, async (client) => {
      for (const name of names) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    });
    try {
      const [source, target] = names.map(urlOf) as [string, string];
      const dataDir = path.join(root(), 'pg-site');
      const archive = path.join(root(), 'pg.tar.gz');
      await markRow(source, dataDir, 'pg-marker');
      await cli('scripts/backup.ts', ['--out', archive], { DATA_DIR: dataDir, DATABASE_URL: source });

      await cli('scripts/restore.ts', [archive], { DATA_DIR: dataDir, DATABASE_URL: target });
      expect(await hasRow(target, dataDir, 'pg-marker')).toBe(true);

      // A database with tables is not overwritten unless asked to.
      const refused = await cli('scripts/restore.ts', [archive], { DATA_DIR: dataDir, DATABASE_URL: target }).catch(
        (error) => error,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('В базе DATABASE_URL уже есть таблицы');
      await cli('scripts/restore.ts', [archive, '--force'], { DATA_DIR: dataDir, DATABASE_URL: target });
      expect(await hasRow(target, dataDir, 'pg-marker')).toBe(true);
    } finally {
      await withAdminClient(adminUrl!, async (client) => {
        for (const name of names)
          await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      });
    }
  });
});

/**
 * A backup holds the whole database and the session secret (docs/security.md, "Backups"): only its owner reads it,
 * from its first byte; a failed one leaves nothing; the database password never shows on a command line; an
 * archive with a link or a path out of its folder is refused before anything is written.
 */
describe('backups are private and restores take only plain files', () => {
  const root = useTempDir('club-backup-private-');
  let fakes: string;
  beforeAll(() => {
    fakes = path.join(root(), 'bin');
    fs.mkdirSync(fakes);
  });

  /** A stand-in for a program on PATH: a shell script. */
  function fakeProgram(name: string, script: string) {
    fs.writeFileSync(path.join(fakes, name), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
  }
  const withFakes = (env: Record<string, string>) => ({ ...env, PATH: `${fakes}:${process.env.PATH}` });

  async function pgliteSite(name: string): Promise<string> {
    const dataDir = path.join(root(), name);
    await markRow(undefined, dataDir, `${name}-marker`);
    return dataDir;
  }

  it('writes the archive readable by its owner only, in a folder only its owner opens', {
    timeout: TIMEOUT,
  }, async () => {
    const dataDir = await pgliteSite('private-site');
    const archive = path.join(root(), 'new-folder', 'club.tar.gz');
    await cli('scripts/backup.ts', [archive], { DATA_DIR: dataDir });
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(archive)).mode & 0o777).toBe(0o700);
  });

  it('a failed backup leaves no partial file; the one being written was never readable by others', {
    timeout: TIMEOUT,
  }, async () => {
    const dataDir = await pgliteSite('failing-site');
    const archive = path.join(root(), 'failed.tar.gz');
    const seen = path.join(root(), 'tar-saw-mode');
    // tar writes half an archive, notes the mode of the file it writes to, and fails.
    fakeProgram(
      'tar',
      `[ "$1" = "--version" ] && exit 0\nhead -c 1000 /dev/urandom\nstat -L -c %a /proc/self/fd/1 > "${seen}"\nexit 2`,
    );
    try {
      const failed = await cli('scripts/backup.ts', ['--out', archive], withFakes({ DATA_DIR: dataDir })).catch(
        (error) => error,
      );
      expect(failed.code).toBe(1);
      expect(fs.readFileSync(seen, 'utf8').trim()).toBe('600');
      expect(fs.readdirSync(root()).filter((name) => name.includes('failed.tar.gz'))).toEqual([]);
    } finally {
      fs.rmSync(path.join(fakes, 'tar'));
    }
  });

  it('a wrong command line gets one Russian line of usage, not a stack trace', { timeout: TIMEOUT }, async () => {
    for (const args of [['a.tar.gz', 'b.tar.gz'], ['--unknown'], ['--out', 'a.tar.gz', 'b.tar.gz']]) {
      const wrong = await cli('scripts/backup.ts', args, { DATA_DIR: path.join(root(), 'nowhere') }).catch(
        (error) => error,
      );
      expect(wrong.code).toBe(1);
      expect(wrong.stderr.trim()).toMatch(/^Как запустить: npm run backup/);
      expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
    }
    const restore = await cli('scripts/restore.ts', ['--bogus'], {}).catch((error) => error);
    expect(restore.stderr.trim()).toBe('Как запустить: npm run restore -- файл.tar.gz [--force]');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'gives pg_dump the password in PGPASSWORD, never on its command line',
    { timeout: TIMEOUT },
    async () => {
      const name = `backup_pw_${randomBytes(4).toString('hex')}`;
      const adminUrl = process.env.TEST_DATABASE_URL!;
      await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
      try {
        // The test server trusts local connections, so any password reaches it; the point is where it travels.
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        url.username = 'postgres';
        url.password = 's3cret pass/word';
        await markRow(url.toString(), path.join(root(), 'pg-pw'), 'pw-marker');
        const argsFile = path.join(root(), 'pg_dump-args');
        const envFile = path.join(root(), 'pg_dump-env');
        fakeProgram(
          'pg_dump',
          `[ "$1" = "--version" ] && exit 0\nprintf '%s\\n' "$@" > "${argsFile}"\nprintf '%s' "$PGPASSWORD" > "${envFile}"\nwhile [ $# -gt 0 ]; do [ "$1" = "--file" ] && echo dump > "$2"; shift; done`,
        );
        try {
          await cli(
            'scripts/backup.ts',
            ['--out', path.join(root(), 'pg-pw.tar.gz')],
            withFakes({ DATA_DIR: path.join(root(), 'pg-pw'), DATABASE_URL: url.toString() }),
          );
        } finally {
          fs.rmSync(path.join(fakes, 'pg_dump'));
        }
        const args = fs.readFileSync(argsFile, 'utf8');
        expect(args).not.toContain('s3cret');
        expect(args).toContain(`/${name}`);
        expect(fs.readFileSync(envFile, 'utf8')).toBe('s3cret pass/word');
      } finally {
        await withAdminClient(adminUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
        );
      }
    },
  );

  /** A backup of a fresh site, unpacked once; each tampering test gets its own copy. */
  let unpacked: Promise<string> | null = null;
  async function unpackedBackup(name: string): Promise<{ dataDir: string; work: string }> {
    unpacked ??= (async () => {
      const site = await pgliteSite('to-tamper');
      const archive = path.join(root(), 'to-tamper.tar.gz');
      await cli('scripts/backup.ts', ['--out', archive], { DATA_DIR: site });
      const base = path.join(root(), 'to-tamper-work');
      fs.mkdirSync(base);
      await run('tar', ['-xzf', archive, '-C', base]);
      return base;
    })();
    const work = path.join(root(), `${name}-work`);
    fs.cpSync(await unpacked, work, { recursive: true });
    return { dataDir: path.join(root(), `${name}-site`), work };
  }

  for (const [what, tamper, message] of [
    [
      'a symbolic link out of the uploads',
      (work: string) => {
        fs.mkdirSync(path.join(work, 'uploads'), { recursive: true });
        fs.symlinkSync('/etc/passwd', path.join(work, 'uploads', 'a.jpg'));
        return ['.'];
      },
      '«./uploads/a.jpg» — ссылка',
    ],
    [
      'a hard link',
      (work: string) => {
        fs.linkSync(path.join(work, 'manifest.json'), path.join(work, 'copy.json'));
        return ['.'];
      },
      '— ссылка',
    ],
    [
      'a path that climbs out of the folder',
      (work: string) => {
        fs.mkdirSync(path.join(work, 'x'));
        fs.writeFileSync(path.join(root(), 'outside.txt'), 'outside');
        return ['.', '../outside.txt'];
      },
      '«../outside.txt» — путь выходит из папки копии',
    ],
  ] as const) {
    it(`refuses an archive with ${what} and writes nothing`, { timeout: TIMEOUT }, async () => {
      const slug = what.replace(/\W+/g, '-');
      const { dataDir, work } = await unpackedBackup(`tampered-${slug}`);
      const members = tamper(work);
      const archive = path.join(root(), `tampered-${slug}.tar.gz`);
      // GNU tar keeps `..` in member names only when asked (-P); an attacker's archive is built to carry them.
      await run('tar', ['-czPf', archive, '-C', work, ...members]);
      const refused = await cli('scripts/restore.ts', [archive], { DATA_DIR: dataDir }).catch((error) => error);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toContain(message);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(fs.existsSync(dataDir)).toBe(false);
    });
  }
});
