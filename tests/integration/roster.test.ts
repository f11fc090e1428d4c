/**
 * The roster and the trial path on both engines (docs/product/report.md): marks only for people holding a place in
 * that session, each change in the history and the audit log; walk-ins once per phone; a trial's place through the
 * visitor's locked sign-up, bound to the trial bid; the outcome only after «Пришёл».
 */
import { beforeAll, expect, it } from 'vitest';
import { addDays, isoWeekday } from '#app/lib/schedule.ts';
import { addWalkIn, listRoster, saveAttendance } from '#app/models/admin/roster.server.ts';
import { listLeadSignups, type OutcomeInput, setTrialOutcome } from '#app/models/admin/trials.server.ts';
import { createSignup } from '#app/models/signup.server.ts';
import { NO_VISITOR_CHANNELS } from '#app/models/visitor-message.server.ts';
import type { Database } from '#db/index.ts';
import { newSignup } from '#tests/fixtures/signups.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { insertWeeklySlot } from '#tests/integration/rows.ts';

const TODAY = new Date().toISOString().slice(0, 10);
const DATE = addDays(TODAY, 3);

async function fixture(db: Database) {
  const { gymId, slotId } = await insertWeeklySlot(db, { weekday: isoWeekday(DATE), capacity: 2, room: '' });
  const staff = await db
    .insertInto('staff_users')
    .values({ email: `s${Math.random()}@club.test`, password_hash: 'x', role: 'editor' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const card = await db
    .insertInto('cards')
    .values({ title: 'Безлимит на год', price: 39900, features: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { gymId, slotId, staffId: staff.id, cardId: card.id };
}

function place(slotId: number, gymId: number, n: number, trialBidId: number | null = null) {
  return newSignup({
    slotId,
    gymId,
    date: DATE,
    name: `Посетитель ${n}`,
    phone: `+7912300${String(n).padStart(4, '0')}`,
    sourcePage: '/new',
    utm: { utm_campaign: 'autumn' },
    today: TODAY,
    trialBidId,
  });
}

describeEachDb('roster and trial path', (t) => {
  let f: Awaited<ReturnType<typeof fixture>>;
  let trialId = 0;
  let bookedId = 0;
  let waitingId = 0;
  /** Records an outcome as the fixture's staff member; reads a bid's row. */
  const outcome = (bidId: number, choice: OutcomeInput) =>
    setTrialOutcome(t.db, { bidId, staffUserId: f.staffId, choice });
  const bidRow = (id: number) => t.db.selectFrom('bids').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    f = await fixture(t.db);
    const trial = await t.db
      .insertInto('bids')
      .values({
        name: 'Посетитель 1',
        phone: '+79123000001',
        gym_id: f.gymId,
        kind: 'trial',
        consent_at: new Date(),
        consent_version: 'v1',
        source_page: '/new',
        utm: JSON.stringify({ utm_campaign: 'autumn' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    trialId = trial.id;
    const taken = await createSignup(t.db, place(f.slotId, f.gymId, 1, trialId), [], NO_VISITOR_CHANNELS);
    expect(taken.outcome).toBe('booked');
    bookedId = taken.outcome === 'booked' ? taken.id : 0;
    await createSignup(t.db, place(f.slotId, f.gymId, 2), [], NO_VISITOR_CHANNELS);
    const waiting = await createSignup(t.db, place(f.slotId, f.gymId, 3), [], NO_VISITOR_CHANNELS);
    expect(waiting.outcome).toBe('waiting');
    waitingId = waiting.outcome === 'waiting' ? waiting.id : 0;
  });

  it('a trial’s place is a sign-up bound to the trial bid, taken under the same lock as any sign-up', async () => {
    const signups = await listLeadSignups(t.db, trialId);
    expect(signups.map((row) => [row.id, row.signup_state])).toEqual([[bookedId, 'booked']]);
    const row = await t.db
      .selectFrom('bids')
      .select(['trial_bid_id', 'utm'])
      .where('id', '=', bookedId)
      .executeTakeFirstOrThrow();
    expect(row.trial_bid_id).toBe(trialId);
  });

  it('refuses the outcome before «Пришёл»', async () => {
    expect(await outcome(trialId, { outcome: 'bought', cardId: f.cardId })).toBe('not-came');
  });

  it('saves marks only for people holding a place in this session, each change once in the history and the audit', async () => {
    const changed = await saveAttendance(t.db, {
      slotId: f.slotId,
      date: DATE,
      marks: new Map([
        [bookedId, 'came'],
        [waitingId, 'came'],
      ]),
      staffUserId: f.staffId,
    });
    expect(changed).toBe(1);
    const again = await saveAttendance(t.db, {
      slotId: f.slotId,
      date: DATE,
      marks: new Map([[bookedId, 'came']]),
      staffUserId: f.staffId,
    });
    expect(again).toBe(0);
    const roster = await listRoster(t.db, f.slotId, DATE);
    expect(roster.find((row) => row.id === bookedId)?.attendance).toBe('came');
    expect(roster.find((row) => row.id === waitingId)?.attendance).toBeNull();
    const events = await t.db.selectFrom('bid_events').select('note').where('bid_id', '=', bookedId).execute();
    expect(events.map((event) => event.note)).toContain('Посещение: Пришёл');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('fields')
      .where('entity', '=', 'bid')
      .where('entity_id', '=', bookedId)
      .execute();
    expect(audit.map((entry) => entry.fields)).toEqual([['attendance']]);
  });

  it('records the outcome after «Пришёл»: a card of the cards section, or «Другое»', async () => {
    expect(await outcome(trialId, { outcome: 'bought', cardId: f.cardId })).toBe('ok');
    let bid = await bidRow(trialId);
    expect([bid.outcome, bid.outcome_card_title, bid.outcome_card_id]).toEqual(['bought', 'Безлимит на год', f.cardId]);
    expect(await outcome(trialId, { outcome: 'not_bought', reason: 'Дорого' })).toBe('ok');
    bid = await bidRow(trialId);
    expect([bid.outcome, bid.outcome_card_title, bid.outcome_reason]).toEqual(['not_bought', null, 'Дорого']);
    expect(await outcome(trialId, { outcome: 'bought', cardId: null })).toBe('ok');
    bid = await bidRow(trialId);
    expect(bid.outcome_card_title).toBe('Другое');
    // The sign-up taken for the trial is not a lead of its own.
    expect(await outcome(bookedId, { outcome: 'bought', cardId: null })).toBe('missing');
  });

  it('adds a walk-in marked «Пришёл» once per phone', async () => {
    const input = {
      slotId: f.slotId,
      date: DATE,
      name: 'Зашедший',
      phone: '+79123009999',
      subjectTitle: 'Хатха-йога',
      staffUserId: f.staffId,
    };
    const first = await addWalkIn(t.db, input);
    expect(first.outcome).toBe('added');
    expect((await addWalkIn(t.db, input)).outcome).toBe('existing');
    const roster = await listRoster(t.db, f.slotId, DATE);
    const walkIn = roster.find((row) => row.phone === input.phone)!;
    expect([walkIn.walk_in, walkIn.attendance, walkIn.signup_state]).toEqual([true, 'came', 'booked']);
    expect((await addWalkIn(t.db, { ...input, slotId: 2_000_000_000 })).outcome).toBe('missing');
  });
});
