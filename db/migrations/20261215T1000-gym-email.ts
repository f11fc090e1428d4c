/**
 * A gym's contact e-mail (the `email` field kind, ADR 50): staff set it on the gym's form, visitors see it on the
 * gym's home page. Empty when the gym has none. Frozen: never import app code here.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`ALTER TABLE gyms ADD COLUMN email text NOT NULL DEFAULT '' CHECK (length(email) <= 254)`).execute(db);
}
