/**
 * Sign-ins between the password and the second step (docs/staff-auth.md): a row per challenge, found through the
 * random id in the signed `staff_login` cookie. Kept in the database so that any instance can finish the sign-in.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '#db/index.ts';
import type { LoginChallengePurpose, StaffRole } from '#db/schema.ts';

export interface LoginChallengeView {
  id: string;
  staffUserId: number;
  purpose: LoginChallengePurpose;
  redirectTo: string;
  email: string;
  role: StaffRole;
}

export async function createLoginChallenge(
  db: Database,
  input: { staffUserId: number; purpose: LoginChallengePurpose; redirectTo: string; ttlSeconds: number },
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  // Housekeeping on a rare event: expired challenges are dead anyway, this only keeps the table small.
  await db.deleteFrom('login_challenges').where('expires_at', '<=', new Date()).execute();
  await db
    .insertInto('login_challenges')
    .values({
      id,
      staff_user_id: input.staffUserId,
      purpose: input.purpose,
      redirect_to: input.redirectTo,
      expires_at: new Date(Date.now() + input.ttlSeconds * 1000),
    })
    .execute();
  return id;
}

/** A live challenge of an account that is not disabled; undefined once it has expired or been finished. */
export function findLoginChallenge(db: Database, id: string): Promise<LoginChallengeView | undefined> {
  return db
    .selectFrom('login_challenges')
    .innerJoin('staff_users', 'staff_users.id', 'login_challenges.staff_user_id')
    .select([
      'login_challenges.id',
      'login_challenges.staff_user_id as staffUserId',
      'login_challenges.purpose',
      'login_challenges.redirect_to as redirectTo',
      'staff_users.email',
      'staff_users.role',
    ])
    .where('login_challenges.id', '=', id)
    .where('login_challenges.expires_at', '>', new Date())
    .where('staff_users.disabled', '=', false)
    .executeTakeFirst();
}

/** Ends a challenge; false when it was already gone (finished by a parallel request). */
export async function deleteLoginChallenge(db: Database, id: string): Promise<boolean> {
  const result = await db.deleteFrom('login_challenges').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Housekeeping: drop expired challenges; returns how many went. */
export async function pruneExpiredLoginChallenges(db: Database): Promise<number> {
  const result = await db.deleteFrom('login_challenges').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every unfinished sign-in of an account (its password, role or second factor changed, or it was disabled). */
export async function deleteUserLoginChallenges(db: Database, staffUserId: number): Promise<void> {
  await db.deleteFrom('login_challenges').where('staff_user_id', '=', staffUserId).execute();
}
