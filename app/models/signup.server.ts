/**
 * Sign-ups for a session (docs/product/signups.md): a bid of kind `signup` bound to a weekly slot and a date.
 * Places are counted and taken in one transaction holding the slot row's lock, so two visitors can never both take
 * the last place (docs/decisions/0036-sign-up-places-counted-under-the-slot-lock.md).
 */
import type { Transaction } from 'kysely';
import { announceContentChange } from '#app/infra/content-cache.server.ts';
import { placesLeft } from '#app/lib/signup.ts';
import { insertBidWithNotifications, type NewPublicBid } from '#app/models/bid.server.ts';
import type { OutboxChannel } from '#app/models/outbox.server.ts';
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
}

/**
 * Locks the slot row (FOR UPDATE) and reads the session's capacity and counts. Every change of a session's places —
 * a sign-up, a cancellation, a move from the waiting list — calls this first inside its transaction, so such changes
 * of one slot run one after another. Null when the slot does not exist.
 */
export async function lockSessionPlaces(
  trx: Transaction<DB>,
  slotId: number,
  date: string,
): Promise<SessionPlaces | null> {
  const slot = await trx
    .selectFrom('schedule_slots')
    .select(['id', 'capacity'])
    .where('id', '=', slotId)
    .forUpdate()
    .executeTakeFirst();
  if (!slot) return null;
  const [change, counts] = await Promise.all([
    trx
      .selectFrom('schedule_changes')
      .select(['kind', 'capacity'])
      .where('slot_id', '=', slotId)
      .where('date', '=', date)
      .executeTakeFirst(),
    trx
      .selectFrom('bids')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('signup_state', '=', 'booked').as('booked'),
        eb.fn.countAll<number>().filterWhere('signup_state', '=', 'waiting').as('waiting'),
      ])
      .where('kind', '=', 'signup')
      .where('slot_id', '=', slotId)
      .where('session_date', '=', date)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    capacity: change?.kind === 'changed' && change.capacity ? change.capacity : slot.capacity,
    booked: Number(counts.booked),
    waiting: Number(counts.waiting),
    cancelled: change?.kind === 'cancelled',
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

export interface NewSignup extends Omit<NewPublicBid, 'kind' | 'subjectId'> {
  slotId: number;
  date: string;
  /** The visitor chose the waiting list (offered when the session was full). */
  waitingList: boolean;
}

export type SignupResult =
  | { outcome: 'booked' | 'waiting'; id: number; placesLeft: number | null }
  | { outcome: 'full' }
  | { outcome: 'cancelled' }
  | { outcome: 'missing' };

/**
 * Takes a place (or, when the session is full and the visitor asked for it, a place on the waiting list) and stores
 * the sign-up with its notifications — all in one transaction under the slot's lock. A full session without the
 * waiting-list choice stores nothing (`full`).
 */
export async function createSignup(
  db: Database,
  signup: NewSignup,
  channels: readonly OutboxChannel[],
): Promise<SignupResult> {
  return db.transaction().execute(async (trx) => {
    const places = await lockSessionPlaces(trx, signup.slotId, signup.date);
    if (!places) return { outcome: 'missing' } as const;
    if (places.cancelled) return { outcome: 'cancelled' } as const;
    const left = placesLeft(places.capacity, places.booked);
    const state = left === null || left > 0 ? 'booked' : signup.waitingList ? 'waiting' : null;
    if (state === null) return { outcome: 'full' } as const;
    const row = await insertBidWithNotifications(trx, { ...signup, kind: 'signup', subjectId: null }, channels, {
      slotId: signup.slotId,
      date: signup.date,
      state,
    });
    // Public pages show places left: tell every instance (and its page cache) they changed.
    if (state === 'booked' && places.capacity !== null) await announceContentChange(trx, SIGNUP_ENTITY);
    return {
      outcome: state,
      id: row.id,
      placesLeft: left === null ? null : state === 'booked' ? left - 1 : 0,
    } as const;
  });
}
