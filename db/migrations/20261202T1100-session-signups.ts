/**
 * Sign-ups for a class from the schedule (docs/product/signups.md). Frozen: never import app code here.
 * A sign-up is a bid of kind `signup` bound to one session (a weekly slot on a date); `signup_state` says whether it
 * holds a place, waits for one, or was cancelled. A dated schedule change may set the session's own capacity.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `ALTER TABLE schedule_changes ADD COLUMN capacity integer CHECK (capacity > 0)`,
  `ALTER TABLE bids DROP CONSTRAINT bids_kind_check`,
  `ALTER TABLE bids ADD CONSTRAINT bids_kind_check
    CHECK (kind IN ('trial', 'card', 'coach', 'training', 'promo', 'other', 'signup'))`,
  `ALTER TABLE bids
    ADD COLUMN slot_id integer REFERENCES schedule_slots(id) ON DELETE SET NULL,
    ADD COLUMN session_date date,
    ADD COLUMN signup_state text CHECK (signup_state IN ('booked', 'waiting', 'cancelled')),
    ADD CONSTRAINT bids_signup_check
      CHECK ((kind = 'signup') = (session_date IS NOT NULL AND signup_state IS NOT NULL))`,
  `CREATE INDEX bids_session_idx ON bids (slot_id, session_date, created_at, id) WHERE kind = 'signup'`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DELETE FROM bid_events WHERE bid_id IN (SELECT id FROM bids WHERE kind = 'signup')`).execute(db);
  await sql.raw(`DELETE FROM bids WHERE kind = 'signup'`).execute(db);
  await sql.raw(`DROP INDEX IF EXISTS bids_session_idx`).execute(db);
  await sql
    .raw(`ALTER TABLE bids DROP CONSTRAINT bids_signup_check, DROP COLUMN signup_state, DROP COLUMN session_date,
      DROP COLUMN slot_id`)
    .execute(db);
  await sql.raw(`ALTER TABLE bids DROP CONSTRAINT bids_kind_check`).execute(db);
  await sql
    .raw(`ALTER TABLE bids ADD CONSTRAINT bids_kind_check
      CHECK (kind IN ('trial', 'card', 'coach', 'training', 'promo', 'other'))`)
    .execute(db);
  await sql.raw(`ALTER TABLE schedule_changes DROP COLUMN capacity`).execute(db);
}
