/** `npm run backup` / `npm run restore` round trips on both engines (scripts/backup.ts, scripts/restore.ts). */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '#db/index.ts';
import { withAdminClient } from '#tests/fixtures/pg.ts';

const run = promisify(execFile);
const TIMEOUT = 180_000;

function cli(script: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, [script, ...args], { env: { ...process.env, DATABASE_URL: '', ...env } });
}

async function markRow(databaseUrl: string | undefined, dataDir: string, marker: string) {
  const handle = await createDb({ databaseUrl, dataDir: path.join(dataDir, 'pglite') });
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
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-backup-test-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('PGlite: the database, the uploaded images and the session secret come back', { timeout: TIMEOUT }, async () => {
    const dataDir = path.join(root, 'pglite-site');
    const archive = path.join(root, 'pglite.tar.gz');
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
      const dataDir = path.join(root, 'pg-site');
      const archive = path.join(root, 'pg.tar.gz');
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
