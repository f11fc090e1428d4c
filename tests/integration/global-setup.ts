/**
 * Made once per vitest run, before the test files: a migrated database to copy for every `openTestDb()`
 * (tests/integration/db-harness.ts), instead of each test file creating and migrating its own.
 *
 * - PGlite: a migrated in-memory database, dumped to a file (`TEST_PGLITE_TEMPLATE`); each `openTestDb('pglite')`
 *   starts from it (db/index.ts, `loadDataDir`). Creating a PGlite database (initdb inside WebAssembly) took 3–15 s
 *   per file, ~4× as long as loading the dump.
 * - PostgreSQL (with `TEST_DATABASE_URL`): a migrated database (`TEST_PG_TEMPLATE`) that each
 *   `openTestDb('postgres')` names as its `CREATE DATABASE … TEMPLATE`, dropped at the end of the run.
 *
 * Both are what the migrations make, so a test sees the same database as before; migrateToLatest still runs on each
 * copy (and finds nothing to do). `TEST_DB_FRESH=1` turns the copies off.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import pg from 'pg';
import { createDb, type Database, migrateToLatest } from '#db/index.ts';
import { withAdminClient } from '#tests/fixtures/pg.ts';

export default async function setup(): Promise<() => Promise<void>> {
  // TEST_DB_FRESH=1: every test database is created and migrated on its own, as before (to compare or to debug).
  if (process.env.TEST_DB_FRESH === '1') return async () => {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-test-db-'));
  const file = path.join(dir, 'pglite-migrated.tar');
  const pglite = await PGlite.create('memory://');
  const db: Database = new Kysely({ dialect: new PGliteDialect({ pglite }) });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  process.env.TEST_PGLITE_TEMPLATE = file;

  const adminUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (adminUrl) {
    template = `test_template_${randomBytes(6).toString('hex')}`;
    await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(template!)}`));
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const handle = await createDb({ databaseUrl: url.toString(), max: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    process.env.TEST_PG_TEMPLATE = template;
  }

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl && template) {
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(template!)} WITH (FORCE)`),
      );
    }
  };
}
