/**
 * One sign-up as its visitor sees it (the manage page `/b/<token>`) and as its messages describe it: the session
 * with the day's change applied, the gym and its rules, the sign-up's state and place on the waiting list.
 */
import { type SqlBool, sql } from 'kysely';
import { type BookingRules, sessionStartsAt } from '#app/lib/booking.ts';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { addMinutes, hhmm } from '#app/lib/schedule.ts';
import { GYM_RULE_COLUMNS, rulesOf } from '#app/models/gym.server.ts';
import type { Database } from '#db/index.ts';
import type { SignupState } from '#db/schema.ts';

export interface BookingView {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  state: SignupState;
  lateCancel: boolean;
  cancelledBy: 'visitor' | 'staff' | null;
  manageNonce: string | null;
  /** Raised on every change of the sign-up: the `.ics` SEQUENCE. */
  version: number;
  slotId: number | null;
  date: string;
  start: string;
  end: string;
  /** The regular start when the day's change moved it. */
  originalStart: string | null;
  room: string;
  trainingTitle: string;
  gymId: number | null;
  gymName: string | null;
  gymAddress: string | null;
  gymPhone: string | null;
  timeZone: string;
  coachName: string | null;
  /** The regular coach when another one takes the session. */
  originalCoachName: string | null;
  sessionCancelled: boolean;
  /** 1 = next in line; null unless waiting. */
  position: number | null;
  startsAt: Date | null;
  rules: BookingRules | null;
}

/** Views of some sign-ups, by id (unknown ids are missing from the map). */
export async function getBookingViews(db: Database, ids: readonly number[]): Promise<Map<number, BookingView>> {
  const views = new Map<number, BookingView>();
  if (ids.length === 0) return views;
  const rows = await db
    .selectFrom('bids as b')
    .leftJoin('schedule_slots as s', 's.id', 'b.slot_id')
    .leftJoin('trainings as t', 't.id', 's.training_id')
    .leftJoin('gyms as g', 'g.id', 's.gym_id')
    .leftJoin('schedule_changes as ch', (join) =>
      join.onRef('ch.slot_id', '=', 'b.slot_id').onRef('ch.date', '=', 'b.session_date'),
    )
    .leftJoin('coaches as c', (join) =>
      join.on(sql<SqlBool>`c.id = coalesce(CASE WHEN ch.kind = 'changed' THEN ch.coach_id END, s.coach_id)`),
    )
    .leftJoin('coaches as oc', 'oc.id', 's.coach_id')
    .select([
      'b.id',
      'b.name',
      'b.phone',
      'b.email',
      'b.signup_state',
      'b.late_cancel',
      'b.cancelled_by',
      'b.manage_nonce',
      'b.version',
      'b.slot_id',
      'b.session_date',
      'b.subject_title',
      's.start_time',
      's.duration_min',
      's.room',
      't.title as training_title',
      'g.id as gym_id',
      'g.name as gym_name',
      'g.address as gym_address',
      'g.phone as gym_phone',
      'g.time_zone',
      ...GYM_RULE_COLUMNS,
      'ch.kind as change_kind',
      'ch.start_time as change_start',
      'c.full_name as coach_name',
      'oc.full_name as original_coach_name',
      (eb) =>
        eb
          .selectFrom('bids as w')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('w.slot_id', '=', 'b.slot_id')
          .whereRef('w.session_date', '=', 'b.session_date')
          .where('w.kind', '=', 'signup')
          .where('w.signup_state', '=', 'waiting')
          .whereRef('w.id', '<=', 'b.id')
          .as('position'),
    ])
    .where('b.id', 'in', [...ids])
    .where('b.kind', '=', 'signup')
    .execute();
  for (const row of rows) {
    const regular = row.start_time ? hhmm(row.start_time) : (/\d\d:\d\d$/.exec(row.subject_title)?.[0] ?? '00:00');
    const start = row.change_kind === 'changed' && row.change_start ? hhmm(row.change_start) : regular;
    const timeZone = row.time_zone || DEFAULT_TIME_ZONE;
    const date = row.session_date!;
    views.set(row.id, {
      id: row.id,
      name: row.name,
      phone: row.phone,
      email: row.email,
      state: row.signup_state!,
      lateCancel: row.late_cancel,
      cancelledBy: row.cancelled_by,
      manageNonce: row.manage_nonce,
      version: row.version,
      slotId: row.slot_id,
      date,
      start,
      end: addMinutes(start, row.duration_min ?? 60),
      originalStart: start !== regular ? regular : null,
      room: row.room ?? '',
      // A deleted slot leaves the snapshot «Хатха-йога — 28 ноября, 19:00».
      trainingTitle: row.training_title ?? row.subject_title.replace(/ — .*$/, ''),
      gymId: row.gym_id,
      gymName: row.gym_name,
      gymAddress: row.gym_address,
      gymPhone: row.gym_phone || null,
      timeZone,
      coachName: row.coach_name,
      originalCoachName: row.coach_name !== row.original_coach_name ? row.original_coach_name : null,
      sessionCancelled: row.change_kind === 'cancelled',
      position: row.signup_state === 'waiting' ? Number(row.position) : null,
      startsAt: row.slot_id === null ? null : sessionStartsAt(date, start, timeZone),
      rules: row.booking_days_ahead === null ? null : rulesOf(row as Parameters<typeof rulesOf>[0]),
    });
  }
  return views;
}

export async function getBookingView(db: Database, id: number): Promise<BookingView | null> {
  return (await getBookingViews(db, [id])).get(id) ?? null;
}
