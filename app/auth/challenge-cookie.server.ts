/**
 * The step between the right password and the session (docs/staff-auth.md): a challenge row in the database and a
 * signed, HttpOnly cookie with its random id, sent only to /login pages. No session exists until the second step
 * is done, so nothing under /admin can be reached with the password alone.
 */
import type { RouterContextProvider } from 'react-router';
import {
  createLoginChallenge,
  deleteLoginChallenge,
  findLoginChallenge,
  type LoginChallengeView,
} from '#app/auth/login-challenge.server.ts';
import { startStaffSession } from '#app/auth/sign-in.server.ts';
import { signedCookie } from '#app/infra/cookie-options.server.ts';
import { getRequestInfo, getServices } from '#app/infra/services.server.ts';
import type { Database } from '#db/index.ts';
import type { LoginChallengePurpose } from '#db/schema.ts';

export const LOGIN_CHALLENGE_COOKIE_NAME = 'staff_login';
/** Time to type a code; setting up an app (install, scan, type) gets longer. */
const CHALLENGE_TTL_SECONDS: Record<LoginChallengePurpose, number> = { verify: 5 * 60, setup: 15 * 60 };
export const SECOND_STEP_PATHS: Record<LoginChallengePurpose, string> = {
  verify: '/login/code',
  setup: '/login/setup-2fa',
};

const challengeCookie = signedCookie(LOGIN_CHALLENGE_COOKIE_NAME, {
  path: '/login',
  maxAge: Math.max(...Object.values(CHALLENGE_TTL_SECONDS)),
});

/** Starts the second step after the right password; returns the `Set-Cookie` value. */
export async function beginLoginChallenge(
  db: Database,
  secret: string,
  input: { staffUserId: number; purpose: LoginChallengePurpose; redirectTo: string },
): Promise<string> {
  const id = await createLoginChallenge(db, { ...input, ttlSeconds: CHALLENGE_TTL_SECONDS[input.purpose] });
  return challengeCookie(secret).serialize(id);
}

/** The live challenge of this browser for `purpose`, or null (none, expired, finished, or the account disabled). */
export async function readLoginChallenge(
  db: Database,
  request: Request,
  secret: string,
  purpose: LoginChallengePurpose,
): Promise<LoginChallengeView | null> {
  const id = await challengeCookie(secret).parse(request.headers.get('Cookie'));
  if (typeof id !== 'string' || !/^[\w-]{20,100}$/.test(id)) return null;
  const challenge = await findLoginChallenge(db, id);
  return challenge?.purpose === purpose ? challenge : null;
}

/**
 * Ends the challenge once its second step is done; false when a parallel request finished it first, so one
 * challenge never yields two sessions.
 */
export function finishLoginChallenge(db: Database, challenge: LoginChallengeView): Promise<boolean> {
  return deleteLoginChallenge(db, challenge.id);
}

export function clearLoginChallengeCookie(secret: string): Promise<string> {
  return challengeCookie(secret).serialize('', { maxAge: 0 });
}

/**
 * The cookies that end a challenge whose second step is done (after `finishLoginChallenge` returned true): a new
 * staff session for this request, and the challenge cookie cleared.
 */
export async function sessionCookiesAfterChallenge(
  context: Readonly<RouterContextProvider>,
  request: Request,
  challenge: LoginChallengeView,
  method: 'totp' | 'recovery_code',
): Promise<string[]> {
  const { database, sessionSecret, env } = getServices(context);
  const meta = {
    userAgent: request.headers.get('user-agent') ?? '',
    ip: getRequestInfo(context).ip,
    method,
    maxDays: env.SESSION_MAX_DAYS,
  };
  return [
    await startStaffSession(database.db, sessionSecret, challenge.staffUserId, meta),
    await clearLoginChallengeCookie(sessionSecret),
  ];
}
