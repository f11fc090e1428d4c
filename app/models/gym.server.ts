import { type Expression, type SqlBool, sql } from 'kysely';
import { type BookingRules, DEFAULT_BOOKING_RULES } from '#app/lib/booking.ts';
import type { ImageRef } from '#app/lib/image-url.ts';
import type { Database } from '#db/index.ts';

export interface PublicGym {
  id: number;
  name: string;
  address: string;
  lat: number | null;
  lng: number | null;
  phone: string;
  /** The contact e-mail, '' when the gym has none. */
  email: string;
  openingHours: string;
  timeZone: string;
  description: string;
  cover: ImageRef | null;
}

/** Published gyms in display order, with their cover image — one query. */
export async function listPublishedGyms(db: Database): Promise<PublicGym[]> {
  const rows = await db
    .selectFrom('gyms')
    .leftJoin('images', 'images.id', 'gyms.cover_image_id')
    .select([
      'gyms.id',
      'gyms.name',
      'gyms.address',
      'gyms.lat',
      'gyms.lng',
      'gyms.phone',
      'gyms.email',
      'gyms.opening_hours',
      'gyms.time_zone',
      'gyms.description',
      'images.storage_key',
      'images.width',
      'images.height',
      'images.placeholder',
      'images.focal_x',
      'images.focal_y',
      'images.alt',
      'images.decorative',
    ])
    .where('gyms.published', '=', true)
    .orderBy('gyms.sort_order')
    .orderBy('gyms.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    address: row.address,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    phone: row.phone,
    email: row.email,
    openingHours: row.opening_hours,
    timeZone: row.time_zone,
    description: row.description,
    cover: row.storage_key
      ? {
          key: row.storage_key,
          width: row.width ?? 0,
          height: row.height ?? 0,
          placeholder: row.placeholder ?? '',
          focalX: row.focal_x ?? 50,
          focalY: row.focal_y ?? 50,
          alt: row.alt ?? '',
          decorative: row.decorative ?? false,
        }
      : null,
  }));
}

/** The published gyms from the content cache: no database round trip on most requests. */
export function getPublishedGyms(
  services: {
    database: { db: Database };
    cache: { get<T>(key: string, load: () => Promise<T>, options?: { staleWhileDown?: boolean }): Promise<T> };
  },
  /** `false`: fail while the database is unreachable instead of answering the last list loaded. */
  staleWhileDown = true,
) {
  return services.cache.get('gyms', () => listPublishedGyms(services.database.db), { staleWhileDown });
}

/** True once any gym exists, published or not: a database without one is empty and gets the demo content. */
export async function hasAnyGym(db: Database): Promise<boolean> {
  return (await db.selectFrom('gyms').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Rows linked to gyms through a join table are for those gyms only; without any link, for every gym (cards, promos).
 * `idRef` is the row's id column as the outer query names it, e.g. `k.id`.
 */
export function forGym(
  join: { table: 'card_gyms' | 'promo_gyms'; self: 'card_id' | 'promo_id' },
  idRef: string,
  gymId: number | null,
) {
  const table = sql.table(join.table);
  const self = sql.ref(join.self);
  return sql<SqlBool>`(
    NOT EXISTS (SELECT 1 FROM ${table} WHERE ${self} = ${sql.ref(idRef)})
    OR EXISTS (SELECT 1 FROM ${table} WHERE ${self} = ${sql.ref(idRef)} AND gym_id = ${gymId ?? -1})
  )`;
}

/** The booking-rule columns of `gyms`, as `BookingRules`. */
export const GYM_RULE_COLUMNS = [
  'g.booking_days_ahead',
  'g.signup_close_minutes',
  'g.cancel_hours',
  'g.promotion_stop_hours',
  'g.bookings_per_phone',
  'g.reminder_hours',
] as const;

export function rulesOf(row: {
  booking_days_ahead: number;
  signup_close_minutes: number;
  cancel_hours: number;
  promotion_stop_hours: number;
  bookings_per_phone: number;
  reminder_hours: number;
}): BookingRules {
  return {
    bookingDaysAhead: row.booking_days_ahead,
    signupCloseMinutes: row.signup_close_minutes,
    cancelHours: row.cancel_hours,
    promotionStopHours: row.promotion_stop_hours,
    bookingsPerPhone: row.bookings_per_phone,
    reminderHours: row.reminder_hours,
  };
}

/** A gym's booking rules (docs/product/signups.md, "Rules of a gym"); the defaults when the gym is gone. */
export async function getGymBookingRules(db: Database, gymId: number | null): Promise<BookingRules> {
  if (gymId === null) return DEFAULT_BOOKING_RULES;
  const row = await db
    .selectFrom('gyms as g')
    .select([...GYM_RULE_COLUMNS])
    .where('g.id', '=', gymId)
    .executeTakeFirst();
  return row ? rulesOf(row) : DEFAULT_BOOKING_RULES;
}

/**
 * The zone of a record's gym, for the records that have one — a gym, a bid, a weekly slot, a dated change (through
 * its slot), a gallery picture of one gym — and null for the rest (docs/product/staff.md, "Times"). `entity` and
 * `id` are SQL expressions of the outer query, e.g. an audit entry's `entity` and `entity_id`.
 */
export function recordGymZone(entity: Expression<string>, id: Expression<number | null>) {
  return sql<string | null>`CASE ${entity}
    WHEN 'gym' THEN (SELECT g.time_zone FROM gyms g WHERE g.id = ${id})
    WHEN 'bid' THEN (SELECT g.time_zone FROM bids b JOIN gyms g ON g.id = b.gym_id WHERE b.id = ${id})
    WHEN 'schedule_slot' THEN
      (SELECT g.time_zone FROM schedule_slots s JOIN gyms g ON g.id = s.gym_id WHERE s.id = ${id})
    WHEN 'schedule_change' THEN
      (SELECT g.time_zone FROM schedule_changes c JOIN schedule_slots s ON s.id = c.slot_id
         JOIN gyms g ON g.id = s.gym_id WHERE c.id = ${id})
    WHEN 'gallery_image' THEN
      (SELECT g.time_zone FROM gallery_images i JOIN gyms g ON g.id = i.gym_id WHERE i.id = ${id})
  END`;
}

/** recordGymZone for one record. */
export async function recordTimeZone(db: Database, entity: string, id: number): Promise<string | null> {
  const { rows } = await sql<{
    zone: string | null;
  }>`SELECT ${recordGymZone(sql.val(entity), sql.val(id))} AS zone`.execute(db);
  return rows[0]?.zone ?? null;
}

/** A gym's zone by its id (a deleted record's gym, named in its last version). */
export async function gymTimeZone(db: Database, id: number): Promise<string | null> {
  const row = await db.selectFrom('gyms').select('time_zone').where('id', '=', id).executeTakeFirst();
  return row?.time_zone ?? null;
}
