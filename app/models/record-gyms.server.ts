/**
 * Which gyms a record belongs to (docs/product/roles.md): a gym itself; a weekly slot, a dated change (through its
 * slot), a bid and a gallery picture of one gym; the cards, promos and coaches linked to gyms. An empty list means
 * the record is shared by every gym (trends, trainings, partners, the privacy policy, a card or promo valid in all
 * gyms, a gallery picture of all gyms). Used to name the gym in lists and the audit log, and by the access rules.
 */
import { type Expression, sql } from 'kysely';
import type { Database } from '#db/index.ts';

/** SQL: the ids of the gyms of the record `entity`/`id` (expressions of the outer query), `{}` when shared. */
export function recordGymIds(entity: Expression<string>, id: Expression<number | null>) {
  return sql<number[]>`CASE ${entity}
    WHEN 'gym' THEN ARRAY[${id}]::int[]
    WHEN 'bid' THEN coalesce((SELECT ARRAY[b.gym_id] FROM bids b WHERE b.id = ${id} AND b.gym_id IS NOT NULL), '{}')
    WHEN 'schedule_slot' THEN coalesce((SELECT ARRAY[s.gym_id] FROM schedule_slots s WHERE s.id = ${id}), '{}')
    WHEN 'schedule_change' THEN coalesce((SELECT ARRAY[s.gym_id] FROM schedule_changes c
      JOIN schedule_slots s ON s.id = c.slot_id WHERE c.id = ${id}), '{}')
    WHEN 'gallery_image' THEN
      coalesce((SELECT ARRAY[i.gym_id] FROM gallery_images i WHERE i.id = ${id} AND i.gym_id IS NOT NULL), '{}')
    WHEN 'card' THEN ARRAY(SELECT l.gym_id FROM card_gyms l WHERE l.card_id = ${id} ORDER BY l.gym_id)
    WHEN 'promo' THEN ARRAY(SELECT l.gym_id FROM promo_gyms l WHERE l.promo_id = ${id} ORDER BY l.gym_id)
    WHEN 'coach' THEN ARRAY(SELECT l.gym_id FROM coach_gyms l WHERE l.coach_id = ${id} ORDER BY l.gym_id)
    ELSE '{}'::int[]
  END`;
}

/** SQL: the names of the record's gyms joined by commas, null when shared by all gyms. */
export function recordGymNames(entity: Expression<string>, id: Expression<number | null>) {
  return sql<string | null>`(SELECT string_agg(g.name, ', ' ORDER BY g.sort_order, g.id) FROM gyms g
    WHERE g.id = ANY(${recordGymIds(entity, id)}))`;
}

/** recordGymIds for one record. */
export async function gymIdsOfRecord(db: Database, entity: string, id: number): Promise<number[]> {
  const { rows } = await sql<{ ids: number[] }>`SELECT ${recordGymIds(sql.val(entity), sql.val(id))} AS ids`.execute(
    db,
  );
  return (rows[0]?.ids ?? []).map(Number);
}

/** The names of many records' gyms at once, `entity:id` → names (absent when shared). */
export async function gymNamesOfRecords(
  db: Database,
  records: Array<{ entity: string; id: number }>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (records.length === 0) return names;
  const values = records.map((record) => sql`(${record.entity}::text, ${record.id}::int)`);
  const { rows } = await sql<{ entity: string; id: number; names: string | null }>`
    SELECT r.entity, r.id, ${recordGymNames(sql.ref('r.entity'), sql.ref('r.id'))} AS names
    FROM (VALUES ${sql.join(values)}) AS r (entity, id)
  `.execute(db);
  for (const row of rows) if (row.names) names.set(`${row.entity}:${row.id}`, row.names);
  return names;
}
