/**
 * Staff sessions remember how they were signed in (docs/staff-auth.md): with a second factor or with the password
 * alone, so that `REQUIRE_2FA` applies to sessions that already exist. Frozen: never import app code here.
 *
 * A session that exists now was made with a code exactly when its member had two-factor sign-in on before the
 * session began: the code step has always come with the setting, and the session that turned it on was made earlier.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  `ALTER TABLE sessions ADD COLUMN second_factor boolean NOT NULL DEFAULT false`,
  `UPDATE sessions SET second_factor = true
    FROM staff_users
    WHERE staff_users.id = sessions.staff_user_id
      AND staff_users.totp_enabled_at IS NOT NULL
      AND staff_users.totp_enabled_at <= sessions.created_at`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('ALTER TABLE sessions DROP COLUMN second_factor').execute(db);
}
