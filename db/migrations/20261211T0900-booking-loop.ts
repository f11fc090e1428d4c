/**
 * The visitor's booking loop (docs/product/signups.md). Frozen: never import app code here.
 * - Each gym gets its booking rules (how far ahead, when sign-ups close, until when a visitor may cancel, when
 *   automatic promotion from the waiting list stops, how many future bookings one phone may hold, when to remind).
 * - A sign-up gets its manage link (`/b/<token>`: only a random nonce and the token's hash are stored), an optional
 *   e-mail address and a record of how it was cancelled (by whom, late or not) and when it was moved up.
 * - The outbox also carries messages to visitors: SMS and e-mail, each tied to its sign-up, of one kind, with a due
 *   time (a reminder is a row whose `next_attempt_at` is in the future).
 * - Dated changes on a date that is not their slot's weekday are reported (never deleted): staff decide.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `ALTER TABLE gyms
    ADD COLUMN booking_days_ahead integer NOT NULL DEFAULT 14 CHECK (booking_days_ahead BETWEEN 1 AND 365),
    ADD COLUMN signup_close_minutes integer NOT NULL DEFAULT 0 CHECK (signup_close_minutes BETWEEN 0 AND 1440),
    ADD COLUMN cancel_hours integer NOT NULL DEFAULT 2 CHECK (cancel_hours BETWEEN 0 AND 168),
    ADD COLUMN promotion_stop_hours integer NOT NULL DEFAULT 3 CHECK (promotion_stop_hours BETWEEN 0 AND 168),
    ADD COLUMN bookings_per_phone integer NOT NULL DEFAULT 5 CHECK (bookings_per_phone BETWEEN 1 AND 100),
    ADD COLUMN reminder_hours integer NOT NULL DEFAULT 3 CHECK (reminder_hours BETWEEN 0 AND 72)`,
  `ALTER TABLE bids
    ADD COLUMN email text CHECK (email IS NULL OR length(email) <= 254),
    ADD COLUMN manage_nonce text,
    ADD COLUMN manage_token_hash text,
    ADD COLUMN cancelled_at timestamptz,
    ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('visitor', 'staff')),
    ADD COLUMN late_cancel boolean NOT NULL DEFAULT false,
    ADD COLUMN promoted_at timestamptz`,
  `CREATE UNIQUE INDEX bids_manage_token_idx ON bids (manage_token_hash) WHERE manage_token_hash IS NOT NULL`,
  // One phone's places: per session, and its future bookings.
  `CREATE INDEX bids_signup_phone_idx ON bids (phone, session_date)
    WHERE kind = 'signup' AND signup_state IN ('booked', 'waiting')`,
  `ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check`,
  `ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check
    CHECK (channel IN ('email', 'webhook', 'sms', 'visitor_email'))`,
  `ALTER TABLE outbox
    ADD COLUMN bid_id integer REFERENCES bids(id) ON DELETE SET NULL,
    ADD COLUMN kind text,
    ADD COLUMN recipient text,
    ADD COLUMN skipped_reason text`,
  `CREATE INDEX outbox_bid_idx ON outbox (bid_id) WHERE bid_id IS NOT NULL`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  // A dated change must fall on its slot's weekday (the form refuses others now). Rows saved before are reported for
  // staff to fix by hand: deleting a cancellation silently would reopen a session someone was told is off.
  const { rows } = await sql<{ id: number; slot_id: number; date: string; kind: string; weekday: number }>`
    SELECT ch.id, ch.slot_id, to_char(ch.date, 'YYYY-MM-DD') AS date, ch.kind, s.weekday
    FROM schedule_changes ch JOIN schedule_slots s ON s.id = ch.slot_id
    WHERE extract(isodow FROM ch.date) <> s.weekday
    ORDER BY ch.id
  `.execute(db);
  for (const row of rows) {
    console.warn(
      JSON.stringify({
        level: 40,
        msg: 'schedule change on a date that is not its slot weekday: fix or delete it in /admin/trainings/changes',
        changeId: row.id,
        slotId: row.slot_id,
        date: row.date,
        kind: row.kind,
        slotWeekday: row.weekday,
      }),
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of [
    `DROP INDEX IF EXISTS outbox_bid_idx`,
    `DELETE FROM outbox WHERE channel IN ('sms', 'visitor_email')`,
    `ALTER TABLE outbox DROP COLUMN bid_id, DROP COLUMN kind, DROP COLUMN recipient, DROP COLUMN skipped_reason`,
    `ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check`,
    `ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'webhook'))`,
    `DROP INDEX IF EXISTS bids_signup_phone_idx`,
    `DROP INDEX IF EXISTS bids_manage_token_idx`,
    `ALTER TABLE bids DROP COLUMN email, DROP COLUMN manage_nonce, DROP COLUMN manage_token_hash,
      DROP COLUMN cancelled_at, DROP COLUMN cancelled_by, DROP COLUMN late_cancel, DROP COLUMN promoted_at`,
    `ALTER TABLE gyms DROP COLUMN booking_days_ahead, DROP COLUMN signup_close_minutes, DROP COLUMN cancel_hours,
      DROP COLUMN promotion_stop_hours, DROP COLUMN bookings_per_phone, DROP COLUMN reminder_hours`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
