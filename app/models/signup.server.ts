/**
 * Sign-ups for a session (docs/product/signups.md): a bid of kind `signup` bound to a weekly slot and a date.
 * Places are counted and taken in one transaction holding the slot row's lock, so two visitors can never both take
 * the last place (docs/decisions/0036-sign-up-places-counted-under-the-slot-lock.md). A freed place goes to the
 * first person waiting in the same transaction (docs/decisions/0042-the-waiting-list-moves-under-the-slot-lock.md).
 */
import { sql, type Transaction } from 'kysely';
import { announceContentChange } from '#app/infra/content-cache.server.ts';
import {
  type BookingRules,
  isLateCancel,
  promotesAutomatically,
  reminderDueAt,
  sessionStartsAt,
} from '#app/lib/booking.ts';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { hhmm, sessionCapacity } from '#app/lib/schedule.ts';
import { placesLeft } from '#app/lib/signup.ts';
import { insertBidWithNotifications, lockBid, type NewPublicBid } from '#app/models/bid.server.ts';
import { GYM_RULE_COLUMNS, rulesOf } from '#app/models/gym.server.ts';
import type { OutboxChannel } from '#app/models/outbox.server.ts';
import {
  dropPendingReminders,
  enqueueMessages,
  enqueueVisitorMessages,
  type MessageRecipient,
  type VisitorChannels,
} from '#app/models/visitor-message.server.ts';
import type { Database } from '#db/index.ts';
import type { DB } from '#db/schema.ts';

/** What the cache announcement names when places change (public pages show places left). */
export const SIGNUP_ENTITY = 'signup';

export interface SessionPlaces {
  /** The session's capacity (the day's change may set its own); null = no limit. */
  capacity: number | null;
  booked: number;
  waiting: number;
  cancelled: boolean;
  gymId: number;
  timeZone: string;
  /** The session's start (the day's change may move it), gym-local `HH:MM`. */
  start: string;
  startsAt: Date;
  rules: BookingRules;
}

/** The sign-ups of one session (a weekly slot on a date), to select from. */
export function sessionSignups(db: Database, slotId: number, date: string) {
  return db
    .selectFrom('bids')
    .where('kind', '=', 'signup')
    .where('slot_id', '=', slotId)
    .where('session_date', '=', date);
}

/**
 * Locks the slot row (FOR UPDATE) and reads the session's capacity, counts, start and its gym's rules. Every change
 * of a session's places — a sign-up, a cancellation, a move from the waiting list, a staff change of the session —
 * calls this first inside its transaction, so such changes of one slot run one after another. Null when the slot
 * does not exist.
 */
export async function lockSessionPlaces(
  trx: Transaction<DB>,
  slotId: number,
  date: string,
): Promise<SessionPlaces | null> {
  // One round trip for the slot (locked), its gym's rules and the day's change; only the slot's row is locked.
  const slot = await trx
    .selectFrom('schedule_slots as s')
    .innerJoin('gyms as g', 'g.id', 's.gym_id')
    .leftJoin('schedule_changes as ch', (join) => join.onRef('ch.slot_id', '=', 's.id').on('ch.date', '=', date))
    .select([
      's.capacity',
      's.gym_id',
      's.start_time',
      'g.time_zone',
      ...GYM_RULE_COLUMNS,
      'ch.kind as change_kind',
      'ch.capacity as change_capacity',
      'ch.start_time as change_start',
    ])
    .where('s.id', '=', slotId)
    .forUpdate('s')
    .executeTakeFirst();
  if (!slot) return null;
  const counts = await sessionSignups(trx, slotId, date)
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('signup_state', '=', 'booked').as('booked'),
      eb.fn.countAll<number>().filterWhere('signup_state', '=', 'waiting').as('waiting'),
    ])
    .executeTakeFirstOrThrow();
  const change = slot.change_kind
    ? { kind: slot.change_kind, capacity: slot.change_capacity, start_time: slot.change_start }
    : undefined;
  const gym = slot;
  const start = hhmm(change?.kind === 'changed' && change.start_time ? change.start_time : slot.start_time);
  const timeZone = gym.time_zone || DEFAULT_TIME_ZONE;
  return {
    capacity: sessionCapacity(slot.capacity, change),
    booked: Number(counts.booked),
    waiting: Number(counts.waiting),
    cancelled: change?.kind === 'cancelled',
    gymId: slot.gym_id,
    timeZone,
    start,
    startsAt: sessionStartsAt(date, start, timeZone),
    rules: rulesOf(gym),
  };
}

/**
 * Takes the lock sign-ups take (`lockSessionPlaces`) on the slots of a staff write that changes their sessions — a
 * dated change: cancelled, another time, its own number of places — so a sign-up lands either before the write
 * (and the write sees it) or after it (and sees the change), never in between (ADR 36 in docs/decisions). Slots are
 * locked in id order, as two such writes could otherwise wait for each other.
 */
export async function lockSlots(trx: Transaction<DB>, slotIds: readonly number[]): Promise<void> {
  const ids = [...new Set(slotIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await trx.selectFrom('schedule_slots').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/** The confirmation and, when the gym reminds and there is time, the reminder of a sign-up that got a place. */
async function queuePlaceMessages(
  trx: Database,
  channels: VisitorChannels,
  recipients: readonly MessageRecipient[],
  kind: 'booked' | 'promoted',
  places: SessionPlaces,
  now: Date,
) {
  const due = reminderDueAt(places.startsAt, places.rules, now);
  await enqueueMessages(trx, channels, recipients, [
    { kind },
    ...(due ? [{ kind: 'reminder' as const, dueAt: due }] : []),
  ]);
}

export interface PromotionResult {
  promoted: number[];
  /** Places free while people wait, left for staff: the gym's cut-off before the start has begun. */
  heldForStaff: boolean;
}

/**
 * Gives free places to the waiting list, first come first, inside the caller's transaction (which holds the slot's
 * lock): each person moved up is told. Inside the gym's cut-off nobody is moved by itself (a person told 20 minutes
 * before would not come): the place stays free and staff see «освободилось место».
 */
export async function promoteWaiting(
  trx: Transaction<DB>,
  slotId: number,
  date: string,
  places: SessionPlaces,
  channels: VisitorChannels,
  now = new Date(),
): Promise<PromotionResult> {
  if (places.cancelled || places.waiting === 0) return { promoted: [], heldForStaff: false };
  const left = places.capacity === null ? places.waiting : placesLeft(places.capacity, places.booked)!;
  if (left <= 0) return { promoted: [], heldForStaff: false };
  if (!promotesAutomatically(places.startsAt, places.rules, now)) return { promoted: [], heldForStaff: true };
  const next = await sessionSignups(trx, slotId, date)
    .select(['id', 'phone', 'email', 'status'])
    .where('signup_state', '=', 'waiting')
    .orderBy('id')
    .limit(left)
    .execute();
  if (next.length === 0) return { promoted: [], heldForStaff: false };
  const ids = next.map((row) => row.id);
  await trx
    .updateTable('bids')
    .set({ signup_state: 'booked', promoted_at: now, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', 'in', ids)
    .execute();
  await trx
    .insertInto('bid_events')
    .values(
      next.map((row) => ({
        bid_id: row.id,
        staff_user_id: null,
        from_status: row.status,
        to_status: row.status,
        note: 'Место освободилось: переведён из листа ожидания автоматически',
      })),
    )
    .execute();
  await queuePlaceMessages(trx, channels, next, 'promoted', places, now);
  places.booked += next.length;
  places.waiting -= next.length;
  return { promoted: ids, heldForStaff: false };
}

export interface NewSignup extends Omit<NewPublicBid, 'kind' | 'subjectId'> {
  slotId: number;
  date: string;
  /** The visitor chose the waiting list (offered when the session was full). */
  waitingList: boolean;
  email: string | null;
  /** The manage link's nonce and the hash of its token (services/booking-link.server.ts). */
  manageNonce: string;
  manageTokenHash: string;
  /** The gym's today: future bookings of one phone are counted from it. */
  today: string;
  /** The trial bid this sign-up holds a place for (the trial form's «Выбрать занятие», staff's «Записать на занятие»). */
  trialBidId?: number | null;
}

export type SignupResult =
  | { outcome: 'booked' | 'waiting'; id: number; placesLeft: number | null; position: number | null }
  | { outcome: 'full' }
  | { outcome: 'cancelled' }
  | { outcome: 'missing' }
  /** This phone already holds a place (or waits) for this session: nothing new is stored. */
  | { outcome: 'existing'; id: number; state: 'booked' | 'waiting' }
  /** This phone holds the gym's maximum of future bookings. */
  | { outcome: 'limit'; limit: number };

/**
 * Takes a place (or, when the session is full and the visitor asked for it, a place on the waiting list) and stores
 * the sign-up with its notifications and messages — all in one transaction under the slot's lock. A free place
 * while people wait belongs to them: a new visitor then gets the waiting list, never the place. One phone holds one
 * place per session and at most the gym's number of future bookings.
 */
export async function createSignup(
  db: Database,
  signup: NewSignup,
  channels: readonly OutboxChannel[],
  visitorChannels: VisitorChannels,
  now = new Date(),
): Promise<SignupResult> {
  return db.transaction().execute(async (trx) => {
    // One phone's sign-ups run one after another (its limits count across sessions). Taken before the slot's lock,
    // by every sign-up in the same order, so the slot's lock — which all of a session's sign-ups queue on — is held
    // only for the count and the write.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`signup-phone:${signup.phone}`}))`.execute(trx);
    const existing = await trx
      .selectFrom('bids')
      .select(['id', 'signup_state', 'slot_id', 'session_date', 'gym_id'])
      .where('kind', '=', 'signup')
      .where('phone', '=', signup.phone)
      .where('signup_state', 'in', ['booked', 'waiting'])
      .where('session_date', '>=', signup.today)
      .orderBy('id')
      .execute();
    const same = existing.find((row) => row.slot_id === signup.slotId && row.session_date === signup.date);
    if (same) return { outcome: 'existing', id: same.id, state: same.signup_state as 'booked' | 'waiting' } as const;
    const places = await lockSessionPlaces(trx, signup.slotId, signup.date);
    if (!places) return { outcome: 'missing' } as const;
    if (places.cancelled) return { outcome: 'cancelled' } as const;
    const atGym = existing.filter((row) => row.gym_id === places.gymId).length;
    if (atGym >= places.rules.bookingsPerPhone) {
      return { outcome: 'limit', limit: places.rules.bookingsPerPhone } as const;
    }
    const left = placesLeft(places.capacity, places.booked);
    const free = places.waiting === 0 && (left === null || left > 0);
    const state = free ? 'booked' : signup.waitingList ? 'waiting' : null;
    if (state === null) return { outcome: 'full' } as const;
    const row = await insertBidWithNotifications(trx, { ...signup, kind: 'signup', subjectId: null }, channels, {
      slotId: signup.slotId,
      date: signup.date,
      state,
      email: signup.email,
      manageNonce: signup.manageNonce,
      manageTokenHash: signup.manageTokenHash,
      trialBidId: signup.trialBidId ?? null,
    });
    const recipient = [{ id: row.id, phone: signup.phone, email: signup.email }];
    if (state === 'booked') await queuePlaceMessages(trx, visitorChannels, recipient, 'booked', places, now);
    else await enqueueVisitorMessages(trx, visitorChannels, recipient, 'waiting');
    // Public pages show places left: tell every instance (and its page cache) they changed.
    if (places.capacity !== null) await announceContentChange(trx, SIGNUP_ENTITY);
    return {
      outcome: state,
      id: row.id,
      placesLeft: left === null ? null : state === 'booked' ? left - 1 : 0,
      position: state === 'waiting' ? places.waiting + 1 : null,
    } as const;
  });
}

/** A sign-up found by its manage token's hash, or null. */
export async function findSignupByTokenHash(db: Database, tokenHash: string) {
  return (
    (await db
      .selectFrom('bids')
      .select(['id', 'slot_id', 'session_date', 'signup_state'])
      .where('manage_token_hash', '=', tokenHash)
      .where('kind', '=', 'signup')
      .executeTakeFirst()) ?? null
  );
}

/**
 * Locks a sign-up for a change of its state: its session's places first (`lockSessionPlaces`, as every change of a
 * session's places does), then its own row, read for `columns`. Null when there is no such sign-up; `places` is null
 * when its slot has been deleted (its sign-ups can still be cancelled).
 */
export async function lockSignup<C extends keyof DB['bids'] & string>(
  trx: Transaction<DB>,
  bidId: number,
  columns: readonly C[],
) {
  const bid = await trx
    .selectFrom('bids')
    .select(['slot_id', 'session_date'])
    .where('id', '=', bidId)
    .where('kind', '=', 'signup')
    .executeTakeFirst();
  if (!bid?.session_date) return null;
  const places = bid.slot_id === null ? null : await lockSessionPlaces(trx, bid.slot_id, bid.session_date);
  const current = await lockBid(trx, bidId, columns);
  if (!current) return null;
  return { slotId: bid.slot_id, sessionDate: bid.session_date, places, current };
}

export type VisitorCancelResult =
  | { outcome: 'cancelled'; late: boolean; promoted: number[] }
  | { outcome: 'already' }
  | { outcome: 'started' }
  | { outcome: 'missing' };

/**
 * The visitor cancels through the manage link. The place is freed whatever the hour — a late cancellation is only
 * marked «поздняя отмена» for staff — and goes to the waiting list under the same lock. A session that has started
 * can no longer be cancelled.
 */
export async function cancelByVisitor(
  db: Database,
  bidId: number,
  channels: VisitorChannels,
  now = new Date(),
): Promise<VisitorCancelResult> {
  return db.transaction().execute(async (trx) => {
    const signup = await lockSignup(trx, bidId, ['status', 'signup_state']);
    if (!signup) return { outcome: 'missing' } as const;
    const { places, current } = signup;
    if (current.signup_state !== 'booked' && current.signup_state !== 'waiting') return { outcome: 'already' } as const;
    if (places && now.getTime() >= places.startsAt.getTime()) return { outcome: 'started' } as const;
    const late =
      current.signup_state === 'booked' && places !== null && isLateCancel(places.startsAt, places.rules, now);
    await trx
      .updateTable('bids')
      .set({
        signup_state: 'cancelled',
        cancelled_at: now,
        cancelled_by: 'visitor',
        late_cancel: late,
        version: sql`version + 1`,
        updated_at: sql`now()`,
      })
      .where('id', '=', bidId)
      .execute();
    await trx
      .insertInto('bid_events')
      .values({
        bid_id: bidId,
        staff_user_id: null,
        from_status: current.status,
        to_status: current.status,
        note: late ? 'Посетитель отменил запись по ссылке (поздняя отмена)' : 'Посетитель отменил запись по ссылке',
      })
      .execute();
    await dropPendingReminders(trx, [bidId], 'запись отменена');
    let promoted: number[] = [];
    if (current.signup_state === 'booked' && places && signup.slotId !== null) {
      places.booked -= 1;
      promoted = (await promoteWaiting(trx, signup.slotId, signup.sessionDate, places, channels, now)).promoted;
    } else if (places) {
      places.waiting -= 1;
    }
    if (places?.capacity !== null) await announceContentChange(trx, SIGNUP_ENTITY);
    return { outcome: 'cancelled', late, promoted } as const;
  });
}
