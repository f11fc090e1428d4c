import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  expandSessions,
  isoWeekday,
  type Session,
  type SlotChange,
  sessionKey,
  type WeeklySlot,
} from '#app/lib/schedule.ts';
import type { Database } from '#db/index.ts';

export interface SlotQuery {
  gymId?: number | null;
  slotId?: number;
  trainingId?: number;
  coachId?: number;
  trendId?: number;
  /** Changes are loaded for this inclusive date range. */
  from: string;
  to: string;
}

export interface SlotWithChanges extends WeeklySlot {
  gymId: number;
  changes: SlotChange[];
  /** Places taken by sign-ups per date in [from, to] (dates without sign-ups are left out). */
  booked: Array<{ date: string; count: number; waiting: number }>;
}

/**
 * Weekly slots of published trainings (in published gyms) with their changes in [from, to] — one query.
 * A coach filter also matches sessions the coach substitutes in.
 */
export async function listSlotsWithChanges(db: Database, query: SlotQuery): Promise<SlotWithChanges[]> {
  let select = db
    .selectFrom('schedule_slots as s')
    .innerJoin('trainings as t', 't.id', 's.training_id')
    .innerJoin('trends as tr', 'tr.id', 't.trend_id')
    .innerJoin('gyms as g', 'g.id', 's.gym_id')
    .leftJoin('coaches as c', (join) => join.onRef('c.id', '=', 's.coach_id').on('c.published', '=', true))
    .select((eb) => [
      's.id',
      's.gym_id',
      's.weekday',
      's.start_time',
      's.duration_min',
      's.room',
      's.capacity',
      't.id as training_id',
      't.title as training_title',
      't.level',
      'tr.id as trend_id',
      'tr.title as trend_title',
      'c.id as coach_id',
      'c.full_name as coach_name',
      jsonArrayFrom(
        eb
          .selectFrom('schedule_changes as ch')
          .leftJoin('coaches as sub', (join) => join.onRef('sub.id', '=', 'ch.coach_id').on('sub.published', '=', true))
          .select([
            'ch.date',
            'ch.kind',
            'ch.start_time',
            'ch.capacity',
            'ch.note',
            'sub.id as coach_id',
            'sub.full_name as coach_name',
          ])
          .whereRef('ch.slot_id', '=', 's.id')
          .where('ch.date', '>=', query.from)
          .where('ch.date', '<=', query.to),
      ).as('changes'),
      jsonArrayFrom(
        eb
          .selectFrom('bids as b')
          .select((count) => [
            'b.session_date as date',
            count.fn.countAll<number>().filterWhere('b.signup_state', '=', 'booked').as('count'),
            count.fn.countAll<number>().filterWhere('b.signup_state', '=', 'waiting').as('waiting'),
          ])
          .where('b.kind', '=', 'signup')
          .whereRef('b.slot_id', '=', 's.id')
          .where('b.signup_state', 'in', ['booked', 'waiting'])
          .where('b.session_date', '>=', query.from)
          .where('b.session_date', '<=', query.to)
          .groupBy('b.session_date'),
      ).as('booked'),
    ])
    .where('t.published', '=', true)
    .where('tr.published', '=', true)
    .where('g.published', '=', true);
  if (query.gymId) select = select.where('s.gym_id', '=', query.gymId);
  if (query.slotId) select = select.where('s.id', '=', query.slotId);
  if (query.trainingId) select = select.where('s.training_id', '=', query.trainingId);
  if (query.trendId) select = select.where('t.trend_id', '=', query.trendId);
  if (query.coachId) {
    const coachId = query.coachId;
    select = select.where((eb) =>
      eb.or([
        eb('s.coach_id', '=', coachId),
        eb.exists(
          eb
            .selectFrom('schedule_changes as x')
            .select(sql.lit(1).as('one'))
            .whereRef('x.slot_id', '=', 's.id')
            .where('x.coach_id', '=', coachId)
            .where('x.date', '>=', query.from)
            .where('x.date', '<=', query.to),
        ),
      ]),
    );
  }
  const rows = await select.orderBy('s.weekday').orderBy('s.start_time').orderBy('s.id').execute();
  return rows.map((row) => ({
    id: row.id,
    gymId: row.gym_id,
    weekday: row.weekday,
    startTime: row.start_time,
    durationMin: row.duration_min,
    room: row.room,
    capacity: row.capacity,
    training: { id: row.training_id, title: row.training_title, level: row.level },
    trend: { id: row.trend_id, title: row.trend_title },
    coach: row.coach_id !== null && row.coach_name !== null ? { id: row.coach_id, fullName: row.coach_name } : null,
    changes: row.changes.map((change) => ({
      slotId: row.id,
      date: String(change.date).slice(0, 10),
      kind: change.kind,
      startTime: change.start_time,
      capacity: change.capacity,
      note: change.note,
      coach:
        change.coach_id !== null && change.coach_name !== null
          ? { id: change.coach_id, fullName: change.coach_name }
          : null,
    })),
    booked: row.booked.map((entry) => ({
      date: String(entry.date).slice(0, 10),
      count: Number(entry.count),
      waiting: Number(entry.waiting),
    })),
  }));
}

/** Trends and coaches that appear in a gym's schedule: the options of the schedule filters. */
export async function listScheduleFilterOptions(db: Database, gymId: number | null) {
  const result = await db
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('trends as tr')
          .select(['tr.id', 'tr.title'])
          .where('tr.published', '=', true)
          .orderBy('tr.sort_order')
          .orderBy('tr.id'),
      ).as('trends'),
      jsonArrayFrom(
        eb
          .selectFrom('coaches as c')
          .select(['c.id', 'c.full_name as fullName'])
          .where('c.published', '=', true)
          .$if(gymId !== null, (qb) =>
            qb.where((w) =>
              w.exists(
                w
                  .selectFrom('coach_gyms as cg')
                  .select('cg.coach_id')
                  .whereRef('cg.coach_id', '=', 'c.id')
                  .where('cg.gym_id', '=', gymId!),
              ),
            ),
          )
          .orderBy('c.full_name'),
      ).as('coaches'),
    ])
    .executeTakeFirstOrThrow();
  return result;
}

/**
 * Places taken per session. A session with people waiting shows no place left even when one is free (inside the
 * gym's cut-off, where nobody is moved up by itself): a free place belongs to the waiting list, never to a new
 * visitor (docs/product/signups.md).
 */
function bookedBySession(slots: readonly SlotWithChanges[]): Map<string, number> {
  return new Map(
    slots.flatMap((slot) =>
      slot.booked.map((entry) => [
        sessionKey(slot.id, entry.date),
        entry.waiting > 0 ? Number.MAX_SAFE_INTEGER : entry.count,
      ]),
    ),
  );
}

/** One session (a slot on a date) with its change and places left, or null when the slot is not shown publicly. */
export async function getSession(
  db: Database,
  slotId: number,
  date: string,
): Promise<(Session & { gymId: number }) | null> {
  const [slot] = await listSlotsWithChanges(db, { slotId, from: date, to: date });
  if (!slot || slot.weekday !== isoWeekday(date)) return null;
  const [session] = expandSessions([slot], slot.changes, [date], bookedBySession([slot]));
  return session ? { ...session, gymId: slot.gymId } : null;
}

/** Sessions of the given dates (changes applied, coach filter matching substitutes precisely). */
export async function listSessions(
  db: Database,
  query: {
    gymId: number | null;
    dates: readonly string[];
    trendId?: number | null;
    coachId?: number | null;
    trainingId?: number;
  },
): Promise<Session[]> {
  const slots = await listSlotsWithChanges(db, {
    gymId: query.gymId,
    trendId: query.trendId ?? undefined,
    coachId: query.coachId ?? undefined,
    trainingId: query.trainingId,
    from: query.dates[0]!,
    to: query.dates.at(-1)!,
  });
  const sessions = expandSessions(
    slots,
    slots.flatMap((slot) => slot.changes),
    query.dates,
    bookedBySession(slots),
  );
  return query.coachId
    ? sessions.filter((session) => session.coach?.id === query.coachId || session.originalCoach?.id === query.coachId)
    : sessions;
}
