/** The demo content for PostgreSQL (`DEMO_CONTENT=1`) never includes made-up bids (docs/demo-content.md). */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocalStorage } from '#app/infra/storage.server.ts';
import { seedDemo } from '#db/demo/seed.ts';
import { openTestDb, type TestDb } from '#tests/integration/db-harness.ts';

let testDb: TestDb;
let root: string;

beforeAll(async () => {
  testDb = await openTestDb('pglite');
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-no-bids-'));
});
afterAll(async () => {
  await testDb.close();
  await fs.rm(root, { recursive: true, force: true });
});

it('seeds the content without bids when asked to', { timeout: 120_000 }, async () => {
  expect(await seedDemo(testDb.db, createLocalStorage(root), { bids: false })).toBe(true);
  const count = async (table: 'gyms' | 'coaches' | 'bids' | 'bid_events') =>
    Number(
      (
        await testDb.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count('gyms')).toBeGreaterThan(0);
  expect(await count('coaches')).toBeGreaterThan(0);
  expect(await count('bids')).toBe(0);
  expect(await count('bid_events')).toBe(0);
});
