/**
 * What a staff change of a session does to its sign-ups (docs/product/signups.md, "Staff changes"), inside the
 * transaction that saves it, under the slot's lock: a cancelled session or a new time or coach is told to everyone
 * booked or waiting (their reminders dropped or moved); more places go to the waiting list.
 */
import type { Transaction } from 'kysely';
import { announceContentChange } from '#app/infra/content-cache.server.ts';
import { reminderDueAt, sessionStartsAt } from '#app/lib/booking.ts';
import { hhmm } from '#app/lib/schedule.ts';
import { lockSessionPlaces, promoteWaiting, SIGNUP_ENTITY, sessionSignups } from '#app/models/signup.server.ts';
import {
  dropPendingReminders,
  enqueueVisitorMessages,
  moveReminders,
  NO_VISITOR_CHANNELS,
  type VisitorChannels,
} from '#app/models/visitor-message.server.ts';
import type { Database } from '#db/index.ts';
import type { DB } from '#db/schema.ts';

/** A dated change's row as the generic section model reads it (null: no change on that date). */
export interface ChangeRow {
  slot_id: number;
  date: string;
  kind: string;
  coach_id: number | null;
  start_time: string | null;
  capacity?: number | null;
}

interface Effective {
  cancelled: boolean;
  start: string;
  coachId: number | null;
}

async function slotOf(trx: Database, slotId: number) {
  return trx
    .selectFrom('schedule_slots')
    .select(['start_time', 'coach_id', 'capacity'])
    .where('id', '=', slotId)
    .executeTakeFirst();
}

function effective(slot: { start_time: string; coach_id: number | null }, change: ChangeRow | null): Effective {
  const changed = change?.kind === 'changed';
  return {
    cancelled: change?.kind === 'cancelled',
    start: hhmm(changed && change.start_time ? change.start_time : slot.start_time),
    coachId: changed && change.coach_id ? change.coach_id : slot.coach_id,
  };
}

/** Who is told: everyone booked or waiting for the session. */
async function peopleOf(trx: Database, slotId: number, date: string) {
  return sessionSignups(trx, slotId, date)
    .select(['id', 'phone', 'email', 'signup_state'])
    .where('signup_state', 'in', ['booked', 'waiting'])
    .orderBy('id')
    .execute();
}

export interface SessionChangeImpact {
  booked: number;
  waiting: number;
  /** The change is told to them: the session is cancelled, or its time or coach changes. */
  notifies: boolean;
}

/** What saving `after` in place of `before` would tell whom — the confirmation step before anything is saved. */
export async function sessionChangeImpact(
  db: Database,
  before: ChangeRow | null,
  after: ChangeRow,
): Promise<SessionChangeImpact> {
  const slot = await slotOf(db, after.slot_id);
  if (!slot) return { booked: 0, waiting: 0, notifies: false };
  const was = effective(slot, before && before.slot_id === after.slot_id && before.date === after.date ? before : null);
  const now = effective(slot, after);
  const notifies =
    (now.cancelled && !was.cancelled) || (!now.cancelled && (now.start !== was.start || now.coachId !== was.coachId));
  const people = await peopleOf(db, after.slot_id, after.date);
  return {
    booked: people.filter((row) => row.signup_state === 'booked').length,
    waiting: people.filter((row) => row.signup_state === 'waiting').length,
    notifies,
  };
}

/**
 * Applies a saved dated change (created, edited or deleted) to its session's sign-ups, in the saving transaction.
 * An edit that moves the change to another session counts as the old one deleted and the new one created.
 */
export async function applySessionChange(
  trx: Transaction<DB>,
  before: ChangeRow | null,
  after: ChangeRow | null,
  channels: VisitorChannels = NO_VISITOR_CHANNELS,
) {
  const sameSession = before && after && before.slot_id === after.slot_id && before.date === after.date;
  if (before && after && !sameSession) {
    await applyToSession(trx, before.slot_id, before.date, before, null, channels);
    await applyToSession(trx, after.slot_id, after.date, null, after, channels);
    return;
  }
  const row = after ?? before;
  if (row) await applyToSession(trx, row.slot_id, row.date, before, after, channels);
}

async function applyToSession(
  trx: Transaction<DB>,
  slotId: number,
  date: string,
  before: ChangeRow | null,
  after: ChangeRow | null,
  channels: VisitorChannels,
) {
  const places = await lockSessionPlaces(trx, slotId, date);
  const slot = await slotOf(trx, slotId);
  if (!places || !slot) return;
  const was = effective(slot, before);
  const now = effective(slot, after);
  const people = await peopleOf(trx, slotId, date);
  const ids = people.map((row) => row.id);
  if (now.cancelled && !was.cancelled) {
    await enqueueVisitorMessages(trx, channels, people, 'cancelled');
    await dropPendingReminders(trx, ids, 'занятие отменено');
  } else if (!now.cancelled && (now.start !== was.start || now.coachId !== was.coachId)) {
    const coachName = async (id: number | null) =>
      id === null
        ? null
        : ((await trx.selectFrom('coaches').select('full_name').where('id', '=', id).executeTakeFirst())?.full_name ??
          null);
    await enqueueVisitorMessages(trx, channels, people, 'changed', {
      previous: {
        ...(now.start !== was.start ? { start: was.start } : {}),
        ...(now.coachId !== was.coachId ? { coachName: await coachName(was.coachId) } : {}),
      },
    });
    if (now.start !== was.start) {
      const booked = people.filter((row) => row.signup_state === 'booked').map((row) => row.id);
      await moveReminders(trx, booked, reminderDueAt(sessionStartsAt(date, now.start, places.timeZone), places.rules));
    }
  }
  // More places (or a session back from a cancellation) go to the waiting list, under the lock just taken.
  await promoteWaiting(trx, slotId, date, places, channels);
  await announceContentChange(trx, SIGNUP_ENTITY);
}

/** A weekly slot's capacity was raised: every coming session with people waiting gives them the new places. */
export async function applySlotCapacity(
  trx: Transaction<DB>,
  slotId: number,
  channels: VisitorChannels = NO_VISITOR_CHANNELS,
) {
  const dates = await trx
    .selectFrom('bids')
    .select('session_date')
    .distinct()
    .where('kind', '=', 'signup')
    .where('slot_id', '=', slotId)
    .where('signup_state', '=', 'waiting')
    .where('session_date', '>=', new Date(Date.now() - 86_400_000).toISOString().slice(0, 10))
    .execute();
  for (const { session_date: date } of dates) {
    if (!date) continue;
    const places = await lockSessionPlaces(trx, slotId, date);
    if (places) await promoteWaiting(trx, slotId, date, places, channels);
  }
  if (dates.length) await announceContentChange(trx, SIGNUP_ENTITY);
}
