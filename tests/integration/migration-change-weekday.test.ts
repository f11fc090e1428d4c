/**
 * Issue 23.1: dated changes saved before the form refused a date off the slot's weekday are reported by the
 * migration `20261211T0900-booking-loop` (a log line per row) and kept — staff decide what to do with them.
 */
import { Migrator } from 'kysely/migration';
import { afterEach, expect, it, vi } from 'vitest';
import { createDb } from '#db/index.ts';
import { migrations } from '#db/migrations/index.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

it('logs, and keeps, a dated change on a date that is not its slot’s weekday', async () => {
  const handle = await createDb({ dataDir: 'memory://' });
  try {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('20261202T1100-session-signups');
    expect(before.error).toBeUndefined();
    const db = handle.db;
    const gym = await db
      .insertInto('gyms')
      .values({ name: 'Клуб', address: 'ул. Малышева, 51' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trend = await db.insertInto('trends').values({ title: 'Танцы' }).returning('id').executeTakeFirstOrThrow();
    const training = await db
      .insertInto('trainings')
      .values({ trend_id: trend.id, title: 'Хип-хоп', duration_min: 60, level: 'any' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A Friday slot; one cancellation on a Saturday (wrong), one on a Friday (right).
    const slot = await db
      .insertInto('schedule_slots')
      .values({ gym_id: gym.id, training_id: training.id, weekday: 5, start_time: '10:00', duration_min: 60 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wrong = await db
      .insertInto('schedule_changes')
      .values({ slot_id: slot.id, date: '2026-11-28', kind: 'cancelled' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('schedule_changes')
      .values({ slot_id: slot.id, date: '2026-11-27', kind: 'cancelled' })
      .execute();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    const lines = warn.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        changeId: wrong.id,
        slotId: slot.id,
        date: '2026-11-28',
        kind: 'cancelled',
        slotWeekday: 5,
      }),
    ]);
    expect(await db.selectFrom('schedule_changes').select('id').execute()).toHaveLength(2);
  } finally {
    await handle.close();
  }
});
