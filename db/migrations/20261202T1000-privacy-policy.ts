/**
 * The personal-data processing policy: one row that staff edit like other content (docs/product/bids.md, "Consent
 * and the policy"). An empty text means the site shows its built-in default. Frozen: never import app code here.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `CREATE TABLE privacy_policy (
    id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    title text NOT NULL,
    body text NOT NULL DEFAULT '',
    version integer NOT NULL DEFAULT 1,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `INSERT INTO privacy_policy (title) VALUES ('Политика обработки персональных данных')`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS privacy_policy').execute(db);
}
