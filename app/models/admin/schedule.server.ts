/** The staff view of a gym's week: its weekly slots and the dated changes ahead (docs/product/staff.md). */
import { type RawBuilder, sql } from 'kysely';
import type { Option } from '#app/admin/fields.ts';
import { todayIn, WEEKDAY_SHORT } from '#app/lib/schedule.ts';
import type { Database } from '#db/index.ts';

export async function listGymsForSchedule(db: Database) {
  return db.selectFrom('gyms').select(['id', 'name', 'time_zone']).orderBy('sort_order').orderBy('id').execute();
}

/** Weekly slots joined with their training (every slot has one) and coach (null where none is set). */
export function slotsWithTrainingAndCoach(db: Database) {
  return db
    .selectFrom('schedule_slots')
    .innerJoin('trainings', 'trainings.id', 'schedule_slots.training_id')
    .leftJoin('coaches', 'coaches.id', 'schedule_slots.coach_id');
}

/**
 * Every weekly slot as a choice for a person (the inbox's session filter, the slot field of a dated change): gym,
 * weekday, time, training — by gym, then in time order.
 */
export async function slotOptions(db: Database, scope: RawBuilder<boolean> | null = null): Promise<Option[]> {
  const rows = await slotsWithTrainingAndCoach(db)
    .innerJoin('gyms', 'gyms.id', 'schedule_slots.gym_id')
    .$if(scope !== null, (query) => query.where(scope!))
    .select([
      'schedule_slots.id',
      'schedule_slots.weekday',
      sql<string>`to_char(schedule_slots.start_time, 'HH24:MI')`.as('start'),
      'trainings.title as training',
      'gyms.name as gym',
    ])
    .orderBy('gyms.sort_order')
    .orderBy('gyms.id')
    .orderBy('schedule_slots.weekday')
    .orderBy('schedule_slots.start_time')
    .orderBy('schedule_slots.id')
    .execute();
  return rows.map((row) => ({
    value: String(row.id),
    label: `${row.gym} · ${WEEKDAY_SHORT[row.weekday - 1]} ${row.start} · ${row.training}`,
  }));
}

/** Every weekly slot of a gym in time order, with its training and coach. */
export async function gymWeekSlots(db: Database, gymId: number) {
  return slotsWithTrainingAndCoach(db)
    .select([
      'schedule_slots.id',
      'schedule_slots.weekday',
      'schedule_slots.start_time',
      'schedule_slots.duration_min',
      'schedule_slots.room',
      'schedule_slots.capacity',
      'trainings.title as training',
      'trainings.published as training_published',
      'coaches.full_name as coach',
    ])
    .where('schedule_slots.gym_id', '=', gymId)
    .orderBy('schedule_slots.weekday')
    .orderBy('schedule_slots.start_time')
    .orderBy('schedule_slots.id')
    .execute();
}

/** The dated changes of a gym's slots from today (the gym's own calendar day) on, by date and time. */
export async function gymUpcomingChanges(db: Database, gymId: number, timeZone: string, limit = 100) {
  return slotsWithTrainingAndCoach(db)
    .innerJoin('schedule_changes', 'schedule_changes.slot_id', 'schedule_slots.id')
    .leftJoin('coaches as substitutes', 'substitutes.id', 'schedule_changes.coach_id')
    .select([
      'schedule_changes.id',
      'schedule_changes.slot_id',
      'schedule_changes.date',
      'schedule_changes.kind',
      'schedule_changes.start_time as new_start_time',
      'schedule_changes.capacity',
      'schedule_changes.note',
      'schedule_slots.weekday',
      'schedule_slots.start_time',
      'trainings.title as training',
      'coaches.full_name as coach',
      'substitutes.full_name as substitute',
    ])
    .where('schedule_slots.gym_id', '=', gymId)
    .where('schedule_changes.date', '>=', todayIn(timeZone))
    .orderBy('schedule_changes.date')
    .orderBy('schedule_slots.start_time')
    .limit(limit)
    .execute();
}

/**
 * Sign-ups of a gym's sessions from `from` to `to` (ISO dates, inclusive), counted per slot and date and state
 * (docs/product/signups.md): what the week grid shows next to each slot for its next session.
 */
export async function gymSignupCounts(db: Database, gymId: number, from: string, to: string) {
  return db
    .selectFrom('bids')
    .innerJoin('schedule_slots', 'schedule_slots.id', 'bids.slot_id')
    .select(['bids.slot_id', 'bids.session_date', 'bids.signup_state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('bids.kind', '=', 'signup')
    .where('schedule_slots.gym_id', '=', gymId)
    .where('bids.session_date', '>=', from)
    .where('bids.session_date', '<=', to)
    .where('bids.signup_state', 'in', ['booked', 'waiting'])
    .groupBy(['bids.slot_id', 'bids.session_date', 'bids.signup_state'])
    .execute();
}
