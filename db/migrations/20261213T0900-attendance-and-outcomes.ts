/**
 * Attendance, the trial's outcome and the report (docs/product/report.md). Frozen: never import app code here.
 * - A sign-up carries its attendance mark («Пришёл» / «Не пришёл»), who set it and when.
 * - A walk-in (someone who came without a booking, added by staff on the roster) is a sign-up marked `walk_in`.
 * - A sign-up taken for a trial bid (the visitor chose a session in the trial form, or staff booked one from the bid
 *   page) points to that bid (`trial_bid_id`): the trial bid stays the lead, the sign-up holds the place.
 * - A lead's outcome after the trial: bought a card (which one, or «Другое») or did not (a reason).
 * - For the report: the campaign tags and the page as plain columns (generated from `utm` and `source_page`, cut to
 *   200 characters), a covering index of the leads by creation time that the report reads without the table, the
 *   sign-ups by the trial bid they serve, and statistics of how many distinct sources there are
 *   (docs/decisions/0047-trial-sign-ups-and-the-report-without-pre-aggregation.md).
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `ALTER TABLE bids
    ADD COLUMN attendance text CHECK (attendance IN ('came', 'no_show')),
    ADD COLUMN attendance_marked_at timestamptz,
    ADD COLUMN attendance_marked_by integer REFERENCES staff_users(id) ON DELETE SET NULL,
    ADD COLUMN walk_in boolean NOT NULL DEFAULT false,
    ADD COLUMN trial_bid_id integer REFERENCES bids(id) ON DELETE SET NULL,
    ADD COLUMN outcome text CHECK (outcome IN ('bought', 'not_bought')),
    ADD COLUMN outcome_card_id integer REFERENCES cards(id) ON DELETE SET NULL,
    ADD COLUMN outcome_card_title text,
    ADD COLUMN outcome_reason text,
    ADD COLUMN outcome_at timestamptz,
    ADD COLUMN outcome_by integer REFERENCES staff_users(id) ON DELETE SET NULL,
    ADD CONSTRAINT bids_attendance_signup_check CHECK (attendance IS NULL OR kind = 'signup'),
    ADD CONSTRAINT bids_trial_link_check CHECK (trial_bid_id IS NULL OR kind = 'signup'),
    ADD CONSTRAINT bids_outcome_fields_check CHECK (
      (outcome IS NULL AND outcome_card_title IS NULL AND outcome_reason IS NULL)
      OR (outcome = 'bought' AND outcome_card_title IS NOT NULL AND outcome_reason IS NULL)
      OR (outcome = 'not_bought' AND outcome_reason IS NOT NULL AND outcome_card_title IS NULL))`,
  // What the sign-ups made for a trial bid add up to, kept on the trial bid by the database itself whenever one of
  // them is made, changes its place or gets its mark: the report then reads one row per lead (ADR 47).
  `ALTER TABLE bids
    ADD COLUMN trial_booked boolean NOT NULL DEFAULT false,
    ADD COLUMN trial_came boolean NOT NULL DEFAULT false`,
  `CREATE FUNCTION bids_roll_up_trial() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE bids SET
        trial_booked = EXISTS (SELECT 1 FROM bids c WHERE c.trial_bid_id = NEW.trial_bid_id
          AND (c.signup_state = 'booked' OR c.attendance IS NOT NULL)),
        trial_came = EXISTS (SELECT 1 FROM bids c WHERE c.trial_bid_id = NEW.trial_bid_id AND c.attendance = 'came')
      WHERE id = NEW.trial_bid_id;
      RETURN NULL;
    END
  $$`,
  `CREATE TRIGGER bids_roll_up_trial AFTER INSERT OR UPDATE OF signup_state, attendance, trial_bid_id ON bids
    FOR EACH ROW WHEN (NEW.trial_bid_id IS NOT NULL) EXECUTE FUNCTION bids_roll_up_trial()`,
  `ALTER TABLE bids
    ADD COLUMN utm_source text GENERATED ALWAYS AS (coalesce(left(utm->>'utm_source', 200), '')) STORED,
    ADD COLUMN utm_medium text GENERATED ALWAYS AS (coalesce(left(utm->>'utm_medium', 200), '')) STORED,
    ADD COLUMN utm_campaign text GENERATED ALWAYS AS (coalesce(left(utm->>'utm_campaign', 200), '')) STORED,
    ADD COLUMN report_page text GENERATED ALWAYS AS (left(source_page, 200)) STORED`,
  `CREATE INDEX bids_report_idx ON bids (created_at)
    INCLUDE (gym_id, kind, signup_state, attendance, outcome, trial_booked, trial_came, utm_source, utm_medium,
      utm_campaign, report_page)
    WHERE trial_bid_id IS NULL AND NOT walk_in`,
  `CREATE STATISTICS bids_report_stats (ndistinct) ON utm_source, utm_medium, utm_campaign, report_page, gym_id
    FROM bids`,
  `CREATE INDEX bids_trial_signup_idx ON bids (trial_bid_id) WHERE trial_bid_id IS NOT NULL`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP INDEX IF EXISTS bids_trial_signup_idx`).execute(db);
  await sql.raw(`DROP TRIGGER IF EXISTS bids_roll_up_trial ON bids`).execute(db);
  await sql.raw(`DROP FUNCTION IF EXISTS bids_roll_up_trial()`).execute(db);
  await sql.raw(`DROP STATISTICS IF EXISTS bids_report_stats`).execute(db);
  await sql.raw(`DROP INDEX IF EXISTS bids_report_idx`).execute(db);
  await sql
    .raw(`ALTER TABLE bids DROP COLUMN report_page, DROP COLUMN utm_campaign, DROP COLUMN utm_medium,
      DROP COLUMN utm_source, DROP COLUMN trial_came, DROP COLUMN trial_booked`)
    .execute(db);
  await sql
    .raw(`ALTER TABLE bids DROP CONSTRAINT bids_outcome_fields_check, DROP CONSTRAINT bids_trial_link_check,
      DROP CONSTRAINT bids_attendance_signup_check, DROP COLUMN outcome_by, DROP COLUMN outcome_at,
      DROP COLUMN outcome_reason, DROP COLUMN outcome_card_title, DROP COLUMN outcome_card_id,
      DROP COLUMN trial_bid_id, DROP COLUMN walk_in, DROP COLUMN attendance_marked_by,
      DROP COLUMN attendance_marked_at, DROP COLUMN attendance, DROP COLUMN outcome`)
    .execute(db);
}
