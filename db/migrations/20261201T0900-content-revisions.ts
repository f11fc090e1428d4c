/**
 * Every saved version of a content record, and the last one of a deleted record (docs/revisions.md).
 * Frozen: never import app code here. `section` is the section's key in the registry, `data` the record's field
 * values as the form shows them after the save (image references as image ids, links as id lists).
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `CREATE TABLE content_revisions (
    id serial PRIMARY KEY,
    section text NOT NULL,
    record_id integer NOT NULL,
    kind text NOT NULL CHECK (kind IN ('initial', 'create', 'update', 'restore', 'delete')),
    data jsonb NOT NULL,
    staff_user_id integer REFERENCES staff_users(id) ON DELETE SET NULL,
    staff_name text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX content_revisions_record_idx ON content_revisions (section, record_id, id DESC)`,
  `CREATE INDEX content_revisions_deleted_idx ON content_revisions (created_at) WHERE kind = 'delete'`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS content_revisions').execute(db);
}
