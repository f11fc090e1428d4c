/**
 * Races for one place (docs/decisions/0042-the-waiting-list-moves-under-the-slot-lock.md): a visitor's cancellation,
 * the promotion it causes and new sign-ups, all at once, never put more people on a session than its places — on
 * PGlite and PostgreSQL. On PostgreSQL the same count-then-write without the slot's lock is shown to overbook.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { addDays, isoWeekday } from '#app/lib/schedule.ts';
import { listSessionSignups } from '#app/models/admin/signups.server.ts';
import { cancelByVisitor, createSignup, type NewSignup } from '#app/models/signup.server.ts';
import { NO_VISITOR_CHANNELS } from '#app/models/visitor-message.server.ts';
import { issueManageLink } from '#app/services/booking-link.server.ts';
import type { Database } from '#db/index.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { insertWeeklySlot } from '#tests/integration/rows.ts';

const TODAY = new Date().toISOString().slice(0, 10);
const DATE = addDays(TODAY, 8);

function slotWith(db: Database, capacity: number) {
  return insertWeeklySlot(db, {
    weekday: isoWeekday(DATE),
    start: '08:00',
    capacity,
    room: '',
    trend: 'Бег',
    training: 'Интервалы',
  });
}

let n = 0;
function visitor(slot: { gymId: number; slotId: number }, waitingList: boolean): NewSignup {
  n += 1;
  const link = issueManageLink('race-test-secret-of-at-least-32-chars');
  return {
    name: `Бегун ${n}`,
    phone: `+7914${String(n).padStart(7, '0')}`,
    comment: '',
    gymId: slot.gymId,
    gymName: 'Клуб',
    subjectTitle: 'Интервалы',
    consentVersion: 'v1',
    consentIp: null,
    sourcePage: '/shedule/signup',
    utm: {},
    slotId: slot.slotId,
    date: DATE,
    waitingList,
    email: null,
    manageNonce: link.nonce,
    manageTokenHash: link.tokenHash,
    today: TODAY,
  };
}

describeEachDb('a race for one place', (t) => {
  it('never overbooks with a cancellation, its promotion and new sign-ups at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const slot = await slotWith(t.db, 1);
      const holder = await createSignup(t.db, visitor(slot, false), [], NO_VISITOR_CHANNELS);
      await createSignup(t.db, visitor(slot, true), [], NO_VISITOR_CHANNELS);
      await Promise.all([
        cancelByVisitor(t.db, (holder as { id: number }).id, NO_VISITOR_CHANNELS),
        ...Array.from({ length: 6 }, (_, i) => createSignup(t.db, visitor(slot, i % 2 === 0), [], NO_VISITOR_CHANNELS)),
      ]);
      const list = await listSessionSignups(t.db, slot.slotId, DATE);
      expect(list.filter((row) => row.signup_state === 'booked')).toHaveLength(1);
      // The place went to the first person waiting, never to a newcomer.
      expect(list.find((row) => row.signup_state === 'booked')!.id).toBe(list[1]!.id);
    }
  });

  it('overbooks without the slot’s lock (PostgreSQL), and does not with it', async () => {
    if (t.kind !== 'postgres') return;
    /** Count the booked, wait a moment (another request's time), insert when a place seemed free. */
    const attempt = (slotId: number, lock: boolean, i: number) =>
      t.db.transaction().execute(async (trx) => {
        if (lock) await sql`SELECT id FROM schedule_slots WHERE id = ${slotId} FOR UPDATE`.execute(trx);
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM bids WHERE slot_id = ${slotId} AND session_date = ${DATE}
            AND signup_state = 'booked'`.execute(trx);
        await sql`SELECT pg_sleep(0.05)`.execute(trx);
        if (rows[0]!.n >= 1) return;
        await sql`INSERT INTO bids (name, phone, kind, consent_at, consent_version, slot_id, session_date, signup_state)
          VALUES (${`Гонка ${i}`}, ${`+7915000${String(i).padStart(4, '0')}`}, 'signup', now(), 'v1', ${slotId},
            ${DATE}, 'booked')`.execute(trx);
      });
    const booked = async (slotId: number) =>
      (await listSessionSignups(t.db, slotId, DATE)).filter((row) => row.signup_state === 'booked').length;
    const unlocked = await slotWith(t.db, 1);
    await Promise.all(Array.from({ length: 4 }, (_, i) => attempt(unlocked.slotId, false, i)));
    expect(await booked(unlocked.slotId)).toBeGreaterThan(1);
    const locked = await slotWith(t.db, 1);
    await Promise.all(Array.from({ length: 4 }, (_, i) => attempt(locked.slotId, true, 10 + i)));
    expect(await booked(locked.slotId)).toBe(1);
  });
});
