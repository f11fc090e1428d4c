/**
 * Changes that publish themselves (docs/product/scheduling.md): a content record's publication, its removal from the
 * site, or a whole new version of an already published record, kept with the moment it is due and applied by the
 * background worker exactly once. Frozen: never import app code here.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `CREATE TABLE scheduled_changes (
    id serial PRIMARY KEY,
    section text NOT NULL,
    record_id integer NOT NULL,
    action text NOT NULL CHECK (action IN ('update', 'publish', 'unpublish')),
    data jsonb,
    due_at timestamptz NOT NULL,
    title text,
    created_by integer REFERENCES staff_users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_by integer REFERENCES staff_users (id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    applied_at timestamptz,
    cancelled_at timestamptz,
    cancelled_by integer REFERENCES staff_users (id) ON DELETE SET NULL,
    failure text,
    CHECK ((action = 'update') = (data IS NOT NULL))
  )`,
  `CREATE INDEX scheduled_changes_pending_idx ON scheduled_changes (due_at)
    WHERE applied_at IS NULL AND cancelled_at IS NULL`,
  `CREATE INDEX scheduled_changes_record_idx ON scheduled_changes (section, record_id)`,
  `ALTER TABLE content_revisions DROP CONSTRAINT content_revisions_kind_check`,
  `ALTER TABLE content_revisions ADD CONSTRAINT content_revisions_kind_check
    CHECK (kind IN ('initial', 'create', 'update', 'restore', 'delete', 'scheduled'))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE scheduled_changes').execute(db);
  await sql.raw('ALTER TABLE content_revisions DROP CONSTRAINT content_revisions_kind_check').execute(db);
  await sql
    .raw(
      `ALTER TABLE content_revisions ADD CONSTRAINT content_revisions_kind_check
        CHECK (kind IN ('initial', 'create', 'update', 'restore', 'delete'))`,
    )
    .execute(db);
}
