/**
 * Two-factor sign-in for staff (docs/staff-auth.md). Frozen: never import app code here.
 * TOTP secrets are stored encrypted by the application; recovery codes as SHA-256 hashes.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `ALTER TABLE staff_users
    ADD COLUMN totp_secret text,
    ADD COLUMN totp_enabled_at timestamptz,
    ADD COLUMN totp_last_step integer,
    ADD COLUMN totp_pending_secret text,
    ADD CONSTRAINT staff_users_totp_enabled_check CHECK ((totp_enabled_at IS NULL) = (totp_secret IS NULL))`,
  `CREATE TABLE staff_recovery_codes (
    id serial PRIMARY KEY,
    staff_user_id integer NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
    code_hash text NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (staff_user_id, code_hash)
  )`,
  `CREATE TABLE login_challenges (
    id text PRIMARY KEY,
    staff_user_id integer NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
    purpose text NOT NULL CHECK (purpose IN ('verify', 'setup')),
    redirect_to text NOT NULL DEFAULT '/admin',
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX login_challenges_user_idx ON login_challenges (staff_user_id)`,
  `CREATE INDEX login_challenges_expires_idx ON login_challenges (expires_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS login_challenges').execute(db);
  await sql.raw('DROP TABLE IF EXISTS staff_recovery_codes').execute(db);
  await sql
    .raw(
      `ALTER TABLE staff_users
        DROP CONSTRAINT IF EXISTS staff_users_totp_enabled_check,
        DROP COLUMN IF EXISTS totp_secret,
        DROP COLUMN IF EXISTS totp_enabled_at,
        DROP COLUMN IF EXISTS totp_last_step,
        DROP COLUMN IF EXISTS totp_pending_secret`,
    )
    .execute(db);
}
