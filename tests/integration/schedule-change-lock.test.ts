/**
 * A dated change of a session takes the lock a sign-up takes on its slot (ADR 36 in docs/decisions): while a
 * sign-up holds it, the staff write waits, so a cancellation can never miss a sign-up that lands in the same
 * instant. (A new change's foreign key already waited; an edit of an existing one — `changed` made `cancelled`, its
 * places — and a delete did not.) Concurrency needs real PostgreSQL (TEST_DATABASE_URL); PGlite has one connection.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleChanges, slots, trainings, trends } from '#app/admin/sections.ts';
import { createRow, deleteRow, updateRow } from '#app/models/admin/content.server.ts';
import { lockSessionPlaces } from '#app/models/signup.server.ts';
import type { Database } from '#db/index.ts';
import { openTestDb, type TestDb } from '#tests/integration/db-harness.ts';
import { formValues, insertGym, insertStaff } from '#tests/integration/rows.ts';

const DATE = '2030-01-07'; // a Monday

/**
 * Holds the slot's lock as a sign-up does (its transaction open) until `release()`; resolves `locked` once it holds.
 */
function signupHoldingTheSlot(db: Database, slotId: number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const holding = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = db.transaction().execute(async (trx) => {
    await lockSessionPlaces(trx, slotId, DATE);
    locked();
    await released;
  });
  return { holding, release, done };
}

/** Resolves once a backend of this database waits for a lock (the staff write behind the sign-up); 5 s at most. */
async function someoneWaitsForALock(db: Database): Promise<'waiting'> {
  for (let attempt = 0; attempt < 250; attempt++) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'
    `.execute(db);
    if (rows[0]!.n > 0) return 'waiting';
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no backend waited for a lock within 5 s');
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('dated changes and the slot lock [postgres]', () => {
  let testDb: TestDb;
  let staff: number;
  let slot: number;

  beforeAll(async () => {
    testDb = await openTestDb('postgres');
    const db = testDb.db;
    staff = await insertStaff(db, 'Администратор');
    const gym = await insertGym(db, 'Зал с замком');
    const trend = await createRow(db, trends, await formValues(db, trends, { title: 'Танцы' }), staff);
    const training = await createRow(
      db,
      trainings,
      await formValues(db, trainings, { title: 'Хип-хоп', trend_id: String(trend), duration_min: '60' }),
      staff,
    );
    slot = await createRow(
      db,
      slots,
      await formValues(db, slots, {
        gym_id: String(gym),
        training_id: String(training),
        weekday: '1',
        start_time: '10:00',
        duration_min: '60',
        capacity: '10',
      }),
      staff,
    );
  });

  afterAll(async () => {
    await testDb?.close();
  });

  it('a new change, a cancellation, a change of places and a delete each wait for a sign-up holding the slot', async () => {
    const db = testDb.db;
    const writes: Array<[string, () => Promise<unknown>]> = [];
    let change = 0;
    const values = (fields: Record<string, string>) =>
      formValues(db, scheduleChanges, { slot_id: String(slot), date: DATE, ...fields });
    const update = async (fields: Record<string, string>) =>
      updateRow(db, scheduleChanges, change, null, await values(fields), staff);
    writes.push([
      'a new change',
      async () => {
        change = await createRow(db, scheduleChanges, await values({ kind: 'changed', capacity: '5' }), staff);
      },
    ]);
    writes.push(['a change made a cancellation', () => update({ kind: 'cancelled' })]);
    writes.push(['places', () => update({ kind: 'changed', capacity: '3' })]);
    writes.push(['delete', () => deleteRow(db, scheduleChanges, change, staff)]);

    for (const [name, write] of writes) {
      const signup = signupHoldingTheSlot(db, slot);
      await signup.holding;
      const staffWrite = write();
      try {
        const first = await Promise.race([staffWrite.then(() => 'done' as const), someoneWaitsForALock(db)]);
        expect(first, name).toBe('waiting');
      } finally {
        signup.release();
        await signup.done;
        await staffWrite;
      }
    }
  });
});
