/**
 * Databases for tests.
 *
 * - `openTestDb()` — a fresh, migrated database: in-memory PGlite by default, or a brand-new
 *   PostgreSQL database (`openTestDb('postgres')`, needs `TEST_DATABASE_URL`). Call `close()` when
 *   done; for PostgreSQL that also drops the database.
 * - `describeEachDb(name, suite)` — runs one suite on every available engine: always PGlite, and
 *   real PostgreSQL too when `TEST_DATABASE_URL` is set (e.g.
 *   `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx vitest run`). Each engine gets
 *   its own database for the whole suite (opened in `beforeAll`, closed in `afterAll`), so tests in
 *   one suite share data: give rows unique values or clean up after yourself.
 *
 * ```ts
 * describeEachDb('bids', (t) => {
 *   it('stores a bid', async () => {
 *     await t.db.insertInto('bids').values({ ... }).execute();
 *   });
 * });
 * ```
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createDb, type Database, type DbHandle, migrateToLatest } from '#db/index.ts';
import type { LockOwner } from '#db/pglite-lock.ts';
import { withAdminClient } from '#tests/fixtures/pg.ts';

export type TestDbKind = DbHandle['kind'];

export interface TestDb {
  db: Database;
  kind: TestDbKind;
  /** The full handle (for `listen`). */
  handle: DbHandle;
  /** Closes the connection; for PostgreSQL also drops the test database. */
  close(): Promise<void>;
}

/** The engines this run can test: PGlite always, PostgreSQL when `TEST_DATABASE_URL` is set. */
export function availableDbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The run's migrated PGlite database (tests/integration/global-setup.ts); undefined with TEST_DB_FRESH=1. */
function migratedPglite(): Blob | undefined {
  const template = process.env.TEST_PGLITE_TEMPLATE;
  return template && fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : undefined;
}

/**
 * The migrated PGlite database in the data directory `dataDir`, as the command-line tools and the server open it: a
 * new one starts from the run's migrated database instead of PGlite's initdb, an existing one is opened as it is.
 */
export async function openPgliteDir(dataDir: string, lockOwner?: LockOwner): Promise<DbHandle> {
  const isNew = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const handle = await createDb({ dataDir, lockOwner, loadDataDir: isNew ? migratedPglite() : undefined });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

export async function openTestDb(kind: TestDbKind = 'pglite'): Promise<TestDb> {
  if (kind === 'pglite') {
    const handle = await createDb({ dataDir: 'memory://', loadDataDir: migratedPglite() });
    await migrateToLatest(handle.db);
    return { db: handle.db, kind, handle, close: () => handle.close() };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('openTestDb("postgres") needs TEST_DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = process.env.TEST_PG_TEMPLATE;
  await withAdminClient(adminUrl, (client) =>
    client.query(
      `CREATE DATABASE ${pg.escapeIdentifier(name)}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`,
    ),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), max: 4 });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    await dropDatabase(adminUrl, name);
    throw error;
  }
  return {
    db: handle.db,
    kind,
    handle,
    async close() {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** What a `describeEachDb` suite sees; `db` is available inside tests and hooks, not at collection time. */
export interface DbFixture {
  readonly kind: TestDbKind;
  readonly db: Database;
  readonly testDb: TestDb;
}

export function describeEachDb(name: string, suite: (t: DbFixture) => void): void {
  for (const kind of availableDbKinds()) {
    describe(`${name} [${kind}]`, () => {
      let testDb: TestDb | undefined;
      const fixture: DbFixture = {
        kind,
        get testDb() {
          if (!testDb) throw new Error('The test database is opened in beforeAll: use it inside tests or hooks');
          return testDb;
        },
        get db() {
          return fixture.testDb.db;
        },
      };
      beforeAll(async () => {
        testDb = await openTestDb(kind);
      });
      afterAll(async () => {
        await testDb?.close();
        testDb = undefined;
      });
      suite(fixture);
    });
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
  );
}
