/**
 * The visitor's booking loop (docs/product/signups.md): the waiting list moving by itself under the slot's lock, the
 * gym's cut-off, one phone's limits, a staff cancellation of the session telling everyone, and the messages going
 * out through the outbox to a local SMSC stand-in and a real SMTP receiver — each once, with the gateway down for a
 * while and with two workers on one database.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sectionByKey } from '#app/admin/sections.ts';
import { createSmscGateway } from '#app/infra/sms-gateway.server.ts';
import { SMS_MAX_UNITS, sessionStartsAt, smsText } from '#app/lib/booking.ts';
import { addDays, isoWeekday } from '#app/lib/schedule.ts';
import { createRow, updateRow } from '#app/models/admin/content.server.ts';
import { getSessionOverview, listSessionSignups } from '#app/models/admin/signups.server.ts';
import { cancelByVisitor, createSignup, type NewSignup } from '#app/models/signup.server.ts';
import type { VisitorChannels } from '#app/models/visitor-message.server.ts';
import { issueManageLink, manageToken } from '#app/services/booking-link.server.ts';
import { deliverOutboxBatch, type OutboxDeps } from '#app/services/outbox-worker.server.ts';
import type { Database } from '#db/index.ts';
import { type FakeSmsc, startFakeSmsc } from '#tests/fixtures/fake-smsc.ts';
import { newSignup } from '#tests/fixtures/signups.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { insertStaff, insertWeeklySlot } from '#tests/integration/rows.ts';

const SMS: VisitorChannels = { sms: true, email: false };
const ORIGIN = 'https://sportclub-atletika.ru';
const SECRET = 'a-session-secret-of-at-least-32-characters';
const TODAY = new Date().toISOString().slice(0, 10);

let smsc: FakeSmsc;
beforeAll(async () => {
  smsc = await startFakeSmsc();
});
afterAll(() => smsc.close());

function deps(retryBaseSeconds = 0.05): OutboxDeps {
  return {
    sms: createSmscGateway({ baseUrl: smsc.url, login: smsc.login, password: smsc.password }),
    manageLink: (nonce) => `${ORIGIN}/b/${manageToken(SECRET, nonce)}`,
    retryBaseSeconds,
  };
}

function slotOn(db: Database, date: string, capacity: number | null, start = '19:00') {
  return insertWeeklySlot(db, { weekday: isoWeekday(date), start, capacity });
}

let counter = 0;
function signup(slot: { slotId: number; gymId: number }, date: string, options: Partial<NewSignup> = {}): NewSignup {
  counter += 1;
  const link = issueManageLink(SECRET);
  return newSignup({
    slotId: slot.slotId,
    gymId: slot.gymId,
    date,
    name: `Гость ${counter}`,
    phone: `+7913${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`,
    manageNonce: link.nonce,
    manageTokenHash: link.tokenHash,
    today: TODAY,
    ...options,
  });
}

const FAR = addDays(TODAY, 9);

/** The outbox rows of one kind (`booked`, `changed`, `reminder`…) for the bids `ids`, to select from. */
function messagesOf(db: Database, ids: number[], kind: string) {
  return db.selectFrom('outbox').where('bid_id', 'in', ids).where('kind', '=', kind);
}

/** Signs `count` guests up for `slot` on FAR, one after another; their bids' ids. */
async function signUpGuests(db: Database, slot: { slotId: number; gymId: number }, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1)
    ids.push(((await createSignup(db, signup(slot, FAR), [], SMS)) as { id: number }).id);
  return ids;
}

/** Runs the worker until no row is left to send (waiting out the short retry delays), within 20 s. */
async function deliverAll(db: Database, outboxDeps = deps(), onlyDue = false) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const pending = await db
      .selectFrom('outbox')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.countAll<number>().filterWhere('next_attempt_at', '<=', new Date()).as('due'),
      ])
      .where('sent_at', 'is', null)
      .where('attempts', '<', 12)
      .where('next_attempt_at', '<', new Date(Date.now() + 60_000))
      .executeTakeFirstOrThrow();
    if (Number(onlyDue ? pending.due : pending.all) === 0) return;
    if (Number(pending.due) === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    else await deliverOutboxBatch(db, outboxDeps);
  }
}

describeEachDb('the booking loop', (t) => {
  it('gives a cancelled place to the first person waiting, tells them, and the second becomes first', async () => {
    const slot = await slotOn(t.db, FAR, 1);
    const booked = await createSignup(t.db, signup(slot, FAR), [], SMS);
    const first = await createSignup(t.db, signup(slot, FAR), [], SMS);
    const second = await createSignup(t.db, signup(slot, FAR), [], SMS);
    expect([booked.outcome, first.outcome, second.outcome]).toEqual(['booked', 'waiting', 'waiting']);
    expect(second).toMatchObject({ position: 2 });

    const result = await cancelByVisitor(t.db, (booked as { id: number }).id, SMS);
    expect(result).toMatchObject({ outcome: 'cancelled', late: false, promoted: [(first as { id: number }).id] });
    const list = await listSessionSignups(t.db, slot.slotId, FAR);
    expect(list.map((row) => row.signup_state)).toEqual(['cancelled', 'booked', 'waiting']);

    smsc.received.length = 0;
    await deliverAll(t.db);
    const firstPhone = signupPhone(list[1]!.phone);
    const toFirst = smsc.received.filter((sms) => sms.phone === firstPhone).map((sms) => sms.text);
    expect(toFirst.some((text) => text.startsWith('Место освободилось, вы записаны: Хатха-йога'))).toBe(true);
    // Written when it is sent: by then the second person waiting is the first.
    const toSecond = smsc.received.filter((sms) => sms.phone === signupPhone(list[2]!.phone));
    expect(toSecond.map((sms) => sms.text)).toEqual([expect.stringMatching(/^Вы в листе ожидания \(1-й\)/)]);
    for (const sms of smsc.received) expect(sms.text).toMatch(new RegExp(`${ORIGIN}/b/[0-9A-Za-z]{22}$`));
  });

  it('moves nobody inside the gym’s cut-off and shows staff the freed place; new visitors do not take it', async () => {
    // Starts in two hours: inside the default 3-hour cut-off.
    const soon = new Date(Date.now() + 2 * 3_600_000);
    const gymZone = 'UTC';
    const date = soon.toISOString().slice(0, 10);
    const start = soon.toISOString().slice(11, 16);
    const slot = await slotOn(t.db, date, 1, start);
    await t.db.updateTable('gyms').set({ time_zone: gymZone }).where('id', '=', slot.gymId).execute();
    const booked = await createSignup(t.db, signup(slot, date), [], SMS);
    const waiting = await createSignup(t.db, signup(slot, date), [], SMS);
    expect(waiting.outcome).toBe('waiting');
    const cancel = await cancelByVisitor(t.db, (booked as { id: number }).id, SMS);
    expect(cancel).toMatchObject({ outcome: 'cancelled', late: true, promoted: [] });
    const overview = await getSessionOverview(t.db, slot.slotId, date);
    expect(overview).toMatchObject({ placesLeft: 1, waiting: 1, placeFreedForStaff: true });
    // A newcomer does not jump the queue: the free place belongs to the waiting list.
    expect((await createSignup(t.db, signup(slot, date, { waitingList: false }), [], SMS)).outcome).toBe('full');
    expect((await createSignup(t.db, signup(slot, date), [], SMS)).outcome).toBe('waiting');
  });

  it('keeps one place per phone and session, and at most the gym’s number of future bookings per phone', async () => {
    const slot = await slotOn(t.db, FAR, 5);
    const phone = '+79137770001';
    const one = await createSignup(t.db, signup(slot, FAR, { phone }), [], SMS);
    const again = await createSignup(t.db, signup(slot, FAR, { phone }), [], SMS);
    expect(again).toEqual({ outcome: 'existing', id: (one as { id: number }).id, state: 'booked' });
    expect(await listSessionSignups(t.db, slot.slotId, FAR)).toHaveLength(1);

    await t.db.updateTable('gyms').set({ bookings_per_phone: 2 }).where('id', '=', slot.gymId).execute();
    const other = await slotOn(t.db, FAR, 5);
    await t.db.updateTable('schedule_slots').set({ gym_id: slot.gymId }).where('id', '=', other.slotId).execute();
    const third = await slotOn(t.db, FAR, 5);
    await t.db.updateTable('schedule_slots').set({ gym_id: slot.gymId }).where('id', '=', third.slotId).execute();
    const same = { slotId: other.slotId, gymId: slot.gymId };
    expect((await createSignup(t.db, signup(same, FAR, { phone }), [], SMS)).outcome).toBe('booked');
    const over = await createSignup(t.db, signup({ slotId: third.slotId, gymId: slot.gymId }, FAR, { phone }), [], SMS);
    expect(over).toEqual({ outcome: 'limit', limit: 2 });
  });

  it('tells everyone booked or waiting when staff cancel the session, and drops their reminders', async () => {
    const slot = await slotOn(t.db, FAR, 3);
    const ids = await signUpGuests(t.db, slot, 4);
    const staffId = await insertStaff(t.db, 'Админ', 'admin');
    const changes = sectionByKey('trainings/changes')!;
    await createRow(
      t.db,
      changes,
      {
        slot_id: slot.slotId,
        date: FAR,
        kind: 'cancelled',
        coach_id: null,
        start_time: null,
        capacity: null,
        note: '',
      },
      staffId,
      undefined,
      { visitorChannels: SMS },
    );
    const rows = await t.db
      .selectFrom('outbox')
      .select(['bid_id', 'kind', 'sent_at', 'skipped_reason'])
      .where('bid_id', 'in', ids)
      .execute();
    expect(
      rows
        .filter((row) => row.kind === 'cancelled')
        .map((row) => row.bid_id)
        .sort(),
    ).toEqual([...ids].sort());
    const reminders = rows.filter((row) => row.kind === 'reminder');
    expect(reminders).toHaveLength(3);
    expect(reminders.every((row) => row.skipped_reason === 'занятие отменено')).toBe(true);
  });

  it('moves the waiting list when staff raise the slot’s places, and tells people of a new time', async () => {
    const slot = await slotOn(t.db, FAR, 1);
    const ids = await signUpGuests(t.db, slot, 3);
    const staffId = await insertStaff(t.db, 'Админ', 'admin');
    const slots = sectionByKey('trainings/slots')!;
    const row = await t.db
      .selectFrom('schedule_slots')
      .selectAll()
      .where('id', '=', slot.slotId)
      .executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, updated_at: _u, version, ...values } = row;
    const saved = await updateRow(t.db, slots, slot.slotId, version, { ...values, capacity: 2 }, staffId, 'update', {
      visitorChannels: SMS,
    });
    expect(saved).toEqual({ ok: true });
    const states = (await listSessionSignups(t.db, slot.slotId, FAR)).map((item) => item.signup_state);
    expect(states).toEqual(['booked', 'booked', 'waiting']);

    // Another start time on that date: everyone booked or waiting is told, the reminders move with it.
    await createRow(
      t.db,
      sectionByKey('trainings/changes')!,
      {
        slot_id: slot.slotId,
        date: FAR,
        kind: 'changed',
        coach_id: null,
        start_time: '20:30',
        capacity: null,
        note: '',
      },
      staffId,
      undefined,
      { visitorChannels: SMS },
    );
    const changed = await messagesOf(t.db, ids, 'changed').select(['bid_id', 'payload']).execute();
    expect(changed.map((item) => item.bid_id).sort()).toEqual([...ids].sort());
    expect(JSON.stringify(changed[0]!.payload)).toContain('19:00');
    const reminders = await messagesOf(t.db, ids, 'reminder')
      .select(['next_attempt_at'])
      .where('sent_at', 'is', null)
      .execute();
    expect(reminders.length).toBeGreaterThan(0);
    // Three hours before 20:30 in the gym's zone.
    const gym = await t.db
      .selectFrom('gyms')
      .select('time_zone')
      .where('id', '=', slot.gymId)
      .executeTakeFirstOrThrow();
    const due = sessionStartsAt(FAR, '20:30', gym.time_zone).getTime() - 3 * 3_600_000;
    for (const reminder of reminders) expect(new Date(reminder.next_attempt_at).getTime()).toBe(due);
  });

  it('loses nothing and sends nothing twice while the gateway is down, or its answer is lost', async () => {
    const slot = await slotOn(t.db, FAR, 10);
    const ids = await signUpGuests(t.db, slot, 5);
    smsc.received.length = 0;
    smsc.down = 503;
    for (let n = 0; n < 3; n += 1) await deliverOutboxBatch(t.db, deps());
    const failing = await messagesOf(t.db, ids, 'booked').select(['attempts', 'last_error', 'sent_at']).execute();
    expect(failing.every((row) => row.sent_at === null && row.attempts >= 1)).toBe(true);
    expect(failing[0]!.last_error).toContain('503');
    smsc.down = null;
    // The gateway takes two messages but its answers never arrive: the retry asks before sending again.
    smsc.dropAnswers = 2;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await deliverAll(t.db);
    const confirmations = await messagesOf(t.db, ids, 'booked').select(['id', 'sent_at']).execute();
    expect(confirmations.every((row) => row.sent_at !== null)).toBe(true);
    const wanted = new Set(confirmations.map((row) => row.id));
    const sentIds = smsc.received.map((sms) => sms.id).filter((id) => wanted.has(id));
    // Each confirmation reached the gateway exactly once, the two with lost answers included.
    expect(sentIds.sort()).toEqual([...wanted].sort());
  });

  it('sends each due reminder once with two workers on one database', async () => {
    const slot = await slotOn(t.db, FAR, null);
    const bids = await signUpGuests(t.db, slot, 60);
    // Everything queued so far is sent; the reminders are made due now.
    await t.db.updateTable('outbox').set({ sent_at: new Date() }).where('kind', '!=', 'reminder').execute();
    await t.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('bid_id', 'in', bids)
      .execute();
    smsc.received.length = 0;
    // Two workers at once: on PostgreSQL each claims through its own pooled connection, as two instances would.
    await Promise.all([deliverAll(t.db), deliverAll(t.db)]);
    const reminders = smsc.received.filter((sms) => sms.text.startsWith('Напоминаем'));
    expect(reminders).toHaveLength(60);
    expect(new Set(reminders.map((sms) => sms.id)).size).toBe(60);
  });
});

function signupPhone(phone: string) {
  return phone.replace(/\D/g, '');
}

it('keeps every SMS within two Cyrillic segments with the link whole, however long the names', () => {
  const session = {
    trainingTitle: 'Функциональный тренинг высокой интенсивности для продолжающих с элементами кроссфита',
    date: '2026-12-18',
    start: '19:30',
    gymName: 'Клуб на Малышева — спортивный комплекс «Атлетика Плюс» у Плотинки',
    room: 'Большой зал',
    coachName: 'Александра Константиновна Преображенская-Воскресенская',
    position: 12,
    previous: { start: '18:00', coachName: 'Анна Сергеевна Ковалёва' },
  };
  const link = `${ORIGIN}/b/${'Z'.repeat(22)}`;
  for (const kind of ['booked', 'waiting', 'promoted', 'reminder', 'cancelled', 'changed'] as const) {
    const text = smsText(kind, session, link);
    expect(text.length, `${kind}: ${text}`).toBeLessThanOrEqual(SMS_MAX_UNITS);
    expect(text.endsWith(link), kind).toBe(true);
  }
});
