/**
 * A manager per gym (docs/product/roles.md): the role `manager` and the gyms each such member looks after. Frozen:
 * never import app code here.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `ALTER TABLE staff_users DROP CONSTRAINT staff_users_role_check`,
  `ALTER TABLE staff_users ADD CONSTRAINT staff_users_role_check CHECK (role IN ('admin', 'editor', 'manager'))`,
  `CREATE TABLE staff_user_gyms (
    staff_user_id integer NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
    gym_id integer NOT NULL REFERENCES gyms (id) ON DELETE CASCADE,
    PRIMARY KEY (staff_user_id, gym_id)
  )`,
  // The gyms of the record an audit entry is about, as they were at the entry: the log names them and a manager
  // sees the entries of their gyms only. Older entries get the record's gyms as they are now.
  `ALTER TABLE audit_log ADD COLUMN gym_ids integer[] NOT NULL DEFAULT '{}'`,
  `UPDATE audit_log SET gym_ids = coalesce(CASE entity
    WHEN 'gym' THEN ARRAY[entity_id]
    WHEN 'bid' THEN (SELECT ARRAY[b.gym_id] FROM bids b WHERE b.id = entity_id AND b.gym_id IS NOT NULL)
    WHEN 'schedule_slot' THEN (SELECT ARRAY[s.gym_id] FROM schedule_slots s WHERE s.id = entity_id)
    WHEN 'schedule_change' THEN (SELECT ARRAY[s.gym_id] FROM schedule_changes c
      JOIN schedule_slots s ON s.id = c.slot_id WHERE c.id = entity_id)
    WHEN 'gallery_image' THEN
      (SELECT ARRAY[i.gym_id] FROM gallery_images i WHERE i.id = entity_id AND i.gym_id IS NOT NULL)
    WHEN 'card' THEN ARRAY(SELECT l.gym_id FROM card_gyms l WHERE l.card_id = entity_id)
    WHEN 'promo' THEN ARRAY(SELECT l.gym_id FROM promo_gyms l WHERE l.promo_id = entity_id)
    WHEN 'coach' THEN ARRAY(SELECT l.gym_id FROM coach_gyms l WHERE l.coach_id = entity_id)
  END, '{}')
  WHERE entity_id IS NOT NULL`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE audit_log DROP COLUMN gym_ids').execute(db);
  await sql.raw('DROP TABLE staff_user_gyms').execute(db);
  await sql.raw(`UPDATE staff_users SET role = 'editor' WHERE role = 'manager'`).execute(db);
  await sql.raw('ALTER TABLE staff_users DROP CONSTRAINT staff_users_role_check').execute(db);
  await sql
    .raw(`ALTER TABLE staff_users ADD CONSTRAINT staff_users_role_check CHECK (role IN ('admin', 'editor'))`)
    .execute(db);
}
