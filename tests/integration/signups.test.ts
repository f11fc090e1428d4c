import { expect, it } from 'vitest';
import { addDays, isoWeekday } from '#app/lib/schedule.ts';
import { cancelSignup, listSessionSignups, promoteSignup } from '#app/models/admin/signups.server.ts';
import { getSession } from '#app/models/schedule.server.ts';
import { createSignup, type NewSignup } from '#app/models/signup.server.ts';
import { NO_VISITOR_CHANNELS } from '#app/models/visitor-message.server.ts';
import type { Database } from '#db/index.ts';
import { newSignup } from '#tests/fixtures/signups.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { insertWeeklySlot } from '#tests/integration/rows.ts';

/** A published gym, trend and training with one weekly slot on `date`'s weekday. */
function slotOn(db: Database, date: string, capacity: number | null) {
  return insertWeeklySlot(db, { weekday: isoWeekday(date), capacity, room: 'Студия йоги' });
}

const DATE = addDays(new Date().toISOString().slice(0, 10), 9);

function signup(slotId: number, gymId: number, n: number, waitingList = false): NewSignup {
  return newSignup({
    slotId,
    gymId,
    date: DATE,
    waitingList,
    name: `Посетитель ${n}`,
    phone: `+7912000${String(n).padStart(4, '0')}`,
  });
}

const NONE = NO_VISITOR_CHANNELS;

describeEachDb('sign-ups for a session', (t) => {
  it('gives the last place to exactly one of many visitors signing up at once', async () => {
    const { slotId, gymId } = await slotOn(t.db, DATE, 1);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) => createSignup(t.db, signup(slotId, gymId, n), [], NONE)),
    );
    expect(results.filter((result) => result.outcome === 'booked')).toHaveLength(1);
    expect(results.filter((result) => result.outcome === 'full')).toHaveLength(11);
    const stored = await t.db.selectFrom('bids').select(['signup_state']).where('slot_id', '=', slotId).execute();
    expect(stored).toEqual([{ signup_state: 'booked' }]);
    const session = await getSession(t.db, slotId, DATE);
    expect(session?.placesLeft).toBe(0);
  });

  it('fills the places, then the waiting list; a cancellation frees a place for a move from the list', async () => {
    const { slotId, gymId } = await slotOn(t.db, DATE, 2);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, n) => createSignup(t.db, signup(slotId, gymId, 100 + n, true), [], NONE)),
    );
    expect(results.map((result) => result.outcome).sort()).toEqual([
      'booked',
      'booked',
      'waiting',
      'waiting',
      'waiting',
    ]);
    expect((await getSession(t.db, slotId, DATE))?.placesLeft).toBe(0);

    const list = await listSessionSignups(t.db, slotId, DATE);
    expect(list.map((row) => row.signup_state)).toEqual(['booked', 'booked', 'waiting', 'waiting', 'waiting']);
    const staff = await t.db
      .insertInto('staff_users')
      .values({ email: `staff-${slotId}@example.ru`, password_hash: 'x', role: 'admin' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const actor = { staffUserId: staff.id, channels: NONE };
    // No place: nobody can be moved from the waiting list.
    const firstWaiting = list.find((row) => row.signup_state === 'waiting')!;
    expect(await promoteSignup(t.db, { id: firstWaiting.id, ...actor })).toBe('full');

    // The freed place goes to the first person waiting, in the same transaction (days before the session).
    expect(await cancelSignup(t.db, { id: list[0]!.id, ...actor })).toBe('ok');
    expect((await getSession(t.db, slotId, DATE))?.placesLeft).toBe(0);
    const after = await listSessionSignups(t.db, slotId, DATE);
    expect(after.find((row) => row.id === firstWaiting.id)?.signup_state).toBe('booked');
    expect(after.filter((row) => row.signup_state === 'waiting')).toHaveLength(2);
    expect(await cancelSignup(t.db, { id: list[0]!.id, ...actor })).toBe('invalid');
  });

  it('uses the day’s own capacity and refuses a cancelled session', async () => {
    const { slotId, gymId } = await slotOn(t.db, DATE, 10);
    await t.db
      .insertInto('schedule_changes')
      .values({ slot_id: slotId, date: DATE, kind: 'changed', capacity: 1 })
      .execute();
    const session = await getSession(t.db, slotId, DATE);
    expect(session).toMatchObject({ capacity: 1, placesLeft: 1, status: 'scheduled' });
    expect((await createSignup(t.db, signup(slotId, gymId, 200), [], NONE)).outcome).toBe('booked');
    expect((await createSignup(t.db, signup(slotId, gymId, 201), [], NONE)).outcome).toBe('full');

    await t.db
      .updateTable('schedule_changes')
      .set({ kind: 'cancelled', capacity: null })
      .where('slot_id', '=', slotId)
      .execute();
    expect((await createSignup(t.db, signup(slotId, gymId, 202, true), [], NONE)).outcome).toBe('cancelled');
    expect((await getSession(t.db, slotId, DATE))?.status).toBe('cancelled');
  });

  it('takes any number of sign-ups for a session without a capacity', async () => {
    const { slotId, gymId } = await slotOn(t.db, DATE, null);
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, n) => createSignup(t.db, signup(slotId, gymId, 300 + n), [], NONE)),
    );
    expect(results.every((result) => result.outcome === 'booked')).toBe(true);
    expect((await getSession(t.db, slotId, DATE))?.placesLeft).toBeNull();
  });

  it('finds no session on another weekday or for an unknown slot', async () => {
    const { slotId } = await slotOn(t.db, DATE, 5);
    expect(await getSession(t.db, slotId, addDays(DATE, 1))).toBeNull();
    expect(await getSession(t.db, 2_000_000_000, DATE)).toBeNull();
  });
});
