/**
 * The audit log names the item an entry is about as it was called at the time (docs/product/staff.md), so the log
 * still reads right after a rename or a delete. Older rows have no title and show the item's number instead.
 * Frozen: never import app code here.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `ALTER TABLE audit_log ADD COLUMN title text`,
  `CREATE INDEX audit_log_staff_idx ON audit_log (staff_user_id, id DESC)`,
  `CREATE INDEX audit_log_entity_idx ON audit_log (entity, id DESC)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS audit_log_entity_idx').execute(db);
  await sql.raw('DROP INDEX IF EXISTS audit_log_staff_idx').execute(db);
  await sql.raw('ALTER TABLE audit_log DROP COLUMN title').execute(db);
}
