/**
 * The staff side of sign-ups (docs/product/signups.md): a session's sign-ups and waiting list, cancelling a sign-up
 * (which frees its place) and moving someone from the waiting list to a free place. Every change takes the slot's
 * lock first, like a visitor's sign-up, so counts stay right under concurrent changes.
 */
import { type SqlBool, sql } from 'kysely';
import { announceContentChange } from '#app/infra/content-cache.server.ts';
import { promotesAutomatically, reminderDueAt, sessionStartsAt } from '#app/lib/booking.ts';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { sessionCapacity } from '#app/lib/schedule.ts';
import { placesLeft } from '#app/lib/signup.ts';
import { changeBid } from '#app/models/admin/bids.server.ts';
import { GYM_RULE_COLUMNS, rulesOf } from '#app/models/gym.server.ts';
import { lockSignup, promoteWaiting, SIGNUP_ENTITY, sessionSignups } from '#app/models/signup.server.ts';
import {
  dropPendingReminders,
  enqueueVisitorMessages,
  type VisitorChannels,
} from '#app/models/visitor-message.server.ts';
import type { Database } from '#db/index.ts';
import type { SignupState } from '#db/schema.ts';

/**
 * A session's sign-ups in the order they were taken (the waiting list's first person first): by id, which is drawn
 * under the slot's lock — a transaction's created_at is its start, which may precede one that got the lock first.
 */
export async function listSessionSignups(db: Database, slotId: number, date: string) {
  return sessionSignups(db, slotId, date)
    .select([
      'id',
      'name',
      'phone',
      'signup_state',
      'status',
      'created_at',
      'late_cancel',
      'cancelled_by',
      'promoted_at',
    ])
    .orderBy('id')
    .execute();
}

/**
 * The session's admin view: what, where and when, its places and whether it is cancelled — with the phones of the
 * people to call when it is. Null when the slot does not exist.
 */
export async function getSessionOverview(db: Database, slotId: number, date: string) {
  const slot = await db
    .selectFrom('schedule_slots as s')
    .innerJoin('trainings as t', 't.id', 's.training_id')
    .innerJoin('gyms as g', 'g.id', 's.gym_id')
    .leftJoin('schedule_changes as ch', (join) => join.onRef('ch.slot_id', '=', 's.id').on('ch.date', '=', date))
    .leftJoin('coaches as c', (join) => join.on(sql<SqlBool>`c.id = coalesce(ch.coach_id, s.coach_id)`))
    .select([
      's.id',
      's.weekday',
      sql<string>`to_char(coalesce(ch.start_time, s.start_time), 'HH24:MI')`.as('start'),
      's.room',
      's.capacity as slot_capacity',
      't.title as training_title',
      'g.name as gym_name',
      'c.full_name as coach_name',
      'ch.kind as change_kind',
      'ch.capacity as change_capacity',
      'g.time_zone',
      ...GYM_RULE_COLUMNS,
    ])
    .where('s.id', '=', slotId)
    .executeTakeFirst();
  if (!slot) return null;
  const signups = await listSessionSignups(db, slotId, date);
  const capacity = sessionCapacity(
    slot.slot_capacity,
    slot.change_kind ? { kind: slot.change_kind, capacity: slot.change_capacity } : null,
  );
  const booked = signups.filter((row) => row.signup_state === 'booked').length;
  const cancelled = slot.change_kind === 'cancelled';
  const waiting = signups.filter((row) => row.signup_state === 'waiting').length;
  const left = placesLeft(capacity, booked);
  const startsAt = sessionStartsAt(date, slot.start, slot.time_zone || DEFAULT_TIME_ZONE);
  return {
    slotId,
    date,
    start: slot.start,
    room: slot.room,
    trainingTitle: slot.training_title,
    gymName: slot.gym_name,
    timeZone: slot.time_zone || DEFAULT_TIME_ZONE,
    coachName: slot.coach_name,
    cancelled,
    capacity,
    booked,
    waiting,
    placesLeft: left,
    /**
     * «Освободилось место»: a place is free while people wait, because the gym's cut-off before the start has
     * begun and nobody is moved up by itself; staff may call and move someone by hand.
     */
    placeFreedForStaff:
      !cancelled &&
      waiting > 0 &&
      (left === null || left > 0) &&
      startsAt.getTime() > Date.now() &&
      !promotesAutomatically(startsAt, rulesOf(slot)),
    /** Ids of the waiting list, first come first. */
    waitingOrder: signups.filter((row) => row.signup_state === 'waiting').map((row) => row.id),
    /** People to call about a cancelled session: everyone with a place or on the waiting list. */
    toCall: cancelled ? signups.filter((row) => row.signup_state !== 'cancelled') : [],
  };
}

export type SignupChangeResult = 'ok' | 'missing' | 'invalid' | 'full';

async function changeSignupState(
  db: Database,
  input: { id: number; staffUserId: number; channels: VisitorChannels },
  from: readonly SignupState[],
  to: SignupState,
  note: string,
): Promise<SignupChangeResult> {
  return db.transaction().execute(async (trx) => {
    const signup = await lockSignup(trx, input.id, ['status', 'signup_state', 'phone', 'email']);
    if (!signup) return 'missing';
    const { places, current } = signup;
    if (!current.signup_state || !from.includes(current.signup_state)) return 'invalid';
    if (to === 'booked') {
      if (!places || places.cancelled) return 'invalid';
      const left = placesLeft(places.capacity, places.booked);
      if (left !== null && left <= 0) return 'full';
    }
    const now = new Date();
    // The status stays; the history row carries the note of what happened to the place.
    await changeBid(
      trx,
      {
        signup_state: to,
        ...(to === 'cancelled' ? { cancelled_at: now, cancelled_by: 'staff' as const } : { promoted_at: now }),
      },
      {
        bidId: input.id,
        staffUserId: input.staffUserId,
        from: current.status,
        to: current.status,
        note,
        fields: ['signup_state'],
      },
    );
    const recipient = [{ id: input.id, phone: current.phone, email: current.email }];
    if (to === 'booked' && places) {
      // Moved by hand (inside the cut-off too): the person is told at once, and reminded if there is time.
      await enqueueVisitorMessages(trx, input.channels, recipient, 'promoted');
      const due = reminderDueAt(places.startsAt, places.rules, now);
      if (due) await enqueueVisitorMessages(trx, input.channels, recipient, 'reminder', { dueAt: due });
    }
    if (to === 'cancelled') {
      await dropPendingReminders(trx, [input.id], 'запись отменена');
      if (current.signup_state === 'booked' && places && signup.slotId !== null) {
        places.booked -= 1;
        await promoteWaiting(trx, signup.slotId, signup.sessionDate, places, input.channels, now);
      }
    }
    await announceContentChange(trx, SIGNUP_ENTITY);
    return 'ok';
  });
}

/** Cancels a sign-up or a place on the waiting list; a freed place goes to the first person waiting (outside the cut-off). */
export function cancelSignup(db: Database, input: { id: number; staffUserId: number; channels: VisitorChannels }) {
  return changeSignupState(db, input, ['booked', 'waiting'], 'cancelled', 'Запись отменена');
}

/** Gives a waiting person a free place ("Перевести из листа ожидания"); `full` when no place is free. */
export function promoteSignup(db: Database, input: { id: number; staffUserId: number; channels: VisitorChannels }) {
  return changeSignupState(db, input, ['waiting'], 'booked', 'Переведён из листа ожидания на свободное место');
}

export interface SessionToWatch {
  slotId: number;
  date: string;
  start: string;
  trainingTitle: string;
  gymName: string;
  isToday: boolean;
  cancelled: boolean;
  booked: number;
  waiting: number;
  /** Phones of everyone booked or waiting, to call when the session is cancelled. */
  phones: string[];
}

/**
 * Sessions with sign-ups that staff should see on the dashboard: today's (each gym's own today), and every coming
 * cancelled one with people still booked or waiting («занятие отменено — позвонить»).
 */
export async function sessionsToWatch(db: Database, scope: number[] | null = null): Promise<SessionToWatch[]> {
  const rows = await db
    .selectFrom('bids as b')
    .$if(scope !== null, (query) => query.where('b.gym_id', 'in', [-1, ...scope!]))
    .innerJoin('schedule_slots as s', 's.id', 'b.slot_id')
    .innerJoin('gyms as g', 'g.id', 's.gym_id')
    .innerJoin('trainings as t', 't.id', 's.training_id')
    .leftJoin('schedule_changes as ch', (join) =>
      join.onRef('ch.slot_id', '=', 'b.slot_id').onRef('ch.date', '=', 'b.session_date'),
    )
    .select((eb) => [
      'b.slot_id',
      'b.session_date',
      't.title',
      'g.name as gym_name',
      sql<string>`to_char(coalesce(CASE WHEN ch.kind = 'changed' THEN ch.start_time END, s.start_time), 'HH24:MI')`.as(
        'start',
      ),
      sql<boolean>`bool_or(ch.kind = 'cancelled')`.as('cancelled'),
      sql<boolean>`b.session_date = (now() AT TIME ZONE g.time_zone)::date`.as('is_today'),
      eb.fn.countAll<number>().filterWhere('b.signup_state', '=', 'booked').as('booked'),
      eb.fn.countAll<number>().filterWhere('b.signup_state', '=', 'waiting').as('waiting'),
      sql<string[]>`array_agg(b.phone ORDER BY b.id)`.as('phones'),
    ])
    .where('b.kind', '=', 'signup')
    .where('b.signup_state', 'in', ['booked', 'waiting'])
    .where(sql<SqlBool>`b.session_date >= (now() AT TIME ZONE g.time_zone)::date`)
    .where((eb) =>
      eb.or([eb('ch.kind', '=', 'cancelled'), sql<SqlBool>`b.session_date = (now() AT TIME ZONE g.time_zone)::date`]),
    )
    .groupBy([
      'b.slot_id',
      'b.session_date',
      't.title',
      'g.name',
      'g.time_zone',
      'ch.kind',
      'ch.start_time',
      's.start_time',
    ])
    .orderBy('b.session_date')
    .orderBy('start')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    slotId: row.slot_id!,
    date: row.session_date!,
    start: row.start,
    trainingTitle: row.title,
    gymName: row.gym_name,
    isToday: Boolean(row.is_today),
    cancelled: Boolean(row.cancelled),
    booked: Number(row.booked),
    waiting: Number(row.waiting),
    phones: row.phones ?? [],
  }));
}
