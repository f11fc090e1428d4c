/** Rows the integration tests build on: a gym, an image, a staff member, each with only what the schema requires. */
import { expect } from 'vitest';
import type { FormValues } from '#app/admin/fields.ts';
import type { AnySection } from '#app/admin/section.ts';
import { loadOptions, optionSources } from '#app/models/admin/content.server.ts';
import { defaultFormValues, parseValues } from '#app/services/admin-form.server.ts';
import type { Database } from '#db/index.ts';
import type { StaffRole } from '#db/schema.ts';

/** A gym named `name` (unique among the test's gyms); returns its id. */
export async function insertGym(db: Database, name: string, address = 'Екатеринбург, ул. Ленина, 1'): Promise<number> {
  const { id } = await db.insertInto('gyms').values({ name, address }).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** An uploaded picture's row (no file behind it); returns its id. */
export async function insertImage(db: Database): Promise<number> {
  const { id } = await db
    .insertInto('images')
    .values({
      storage_key: `uploads/${Math.random()}.webp`,
      mime_type: 'image/webp',
      width: 40,
      height: 30,
      byte_size: 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A staff member (an editor unless `role` says otherwise) named `name`, with an email of its own; returns the id. */
export async function insertStaff(db: Database, name: string, role: StaffRole = 'editor'): Promise<number> {
  const { id } = await db
    .insertInto('staff_users')
    .values({ email: `${name.toLowerCase()}-${Math.random()}@club.test`, name, password_hash: 'x', role })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A weekly session the sign-up tests book: a new gym, trend and training, and one slot on `weekday` (1 = Monday);
 * returns the gym's and the slot's ids.
 */
export async function insertWeeklySlot(
  db: Database,
  {
    weekday,
    start = '19:00',
    capacity = null,
    room = 'Студия',
    trend = 'Йога',
    training = 'Хатха-йога',
  }: {
    weekday: number;
    start?: string;
    capacity?: number | null;
    room?: string;
    trend?: string;
    training?: string;
  },
): Promise<{ gymId: number; slotId: number }> {
  const gymId = await insertGym(db, `Клуб ${Math.random()}`);
  const trendRow = await db.insertInto('trends').values({ title: trend }).returning('id').executeTakeFirstOrThrow();
  const trainingRow = await db
    .insertInto('trainings')
    .values({ trend_id: trendRow.id, title: training, duration_min: 60, level: 'any' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const slot = await db
    .insertInto('schedule_slots')
    .values({
      gym_id: gymId,
      training_id: trainingRow.id,
      weekday,
      start_time: start,
      duration_min: 60,
      room,
      capacity,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { gymId, slotId: slot.id };
}

/** A content form's values as staff would send them (the section's defaults, then `raw`), parsed; they must be valid. */
export async function formValues(db: Database, section: AnySection, raw: FormValues) {
  const parsed = parseValues(
    section,
    { ...defaultFormValues(section.fields), ...raw },
    await loadOptions(db, optionSources(section)),
  );
  expect(parsed.errors).toEqual({});
  return parsed.values;
}

/** The audit log's entries about one record (`entity` as the log names it), oldest first: what was done, to which fields. */
export function auditTrail(db: Database, entity: string, id: number) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'fields'])
    .where('entity', '=', entity)
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();
}
