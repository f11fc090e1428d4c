/**
 * The staff session cookie (signed, HttpOnly, holding only the id of a row in `sessions`, see the model) and the
 * check every staff request passes (docs/staff-auth.md, "Sessions"): the cookie's signature first, then the
 * database, then the rules of `REQUIRE_2FA`.
 */
import { LRUCache } from 'lru-cache';
import { findSession, SESSION_TTL_SECONDS, type SessionRecord } from '#app/auth/session.server.ts';
import { needsSecondFactor, type TwoFactorRequirement } from '#app/auth/two-factor-requirement.ts';
import { signedCookie } from '#app/infra/cookie-options.server.ts';
import type { Database } from '#db/index.ts';

export const SESSION_COOKIE_NAME = 'staff_session';

/** The session cookie for a secret (the secret comes from the services, not from module scope). */
export const sessionCookie = signedCookie(SESSION_COOKIE_NAME, { path: '/', maxAge: SESSION_TTL_SECONDS });

/** What a session must satisfy besides existing: its absolute lifetime and the second-factor requirement. */
export interface SessionRules {
  maxDays: number;
  requirement: TwoFactorRequirement;
}

export function sessionRules(env: { SESSION_MAX_DAYS: number; REQUIRE_2FA?: TwoFactorRequirement }): SessionRules {
  return { maxDays: env.SESSION_MAX_DAYS, requirement: env.REQUIRE_2FA };
}

/** The session id of a `Cookie` header whose signature is ours, or null. */
export async function readSessionIdFromHeader(cookieHeader: string | null, secret: string): Promise<string | null> {
  const value = await sessionCookie(secret).parse(cookieHeader);
  return typeof value === 'string' && /^[\w-]{20,100}$/.test(value) ? value : null;
}

export function readSessionId(request: Request, secret: string): Promise<string | null> {
  return readSessionIdFromHeader(request.headers.get('Cookie'), secret);
}

/**
 * The cookie of a new session. It is kept by the browser for the session's absolute lifetime (`maxDays`); whether
 * the session is still alive — 7 days without use end it sooner — is the database's to say, so a session extended
 * by use needs no new cookie.
 */
export function commitSessionCookie(secret: string, sessionId: string, maxDays?: number): Promise<string> {
  if (maxDays === undefined) return sessionCookie(secret).serialize(sessionId);
  return sessionCookie(secret).serialize(sessionId, { maxAge: maxDays * 24 * 60 * 60 });
}

export function destroySessionCookie(secret: string): Promise<string> {
  return sessionCookie(secret).serialize('', { maxAge: 0 });
}

export type StaffSessionCheck =
  | { state: 'none' }
  | { state: 'signed-in'; session: SessionRecord }
  /** A live session signed in with the password alone, of a member who needs a second factor. */
  | { state: 'second-step'; session: SessionRecord };

/**
 * Session ids the database has found dead (logged out, expired, ended). Ids are random and never handed out twice,
 * so a dead id stays dead: an old cookie replayed on every request costs one lookup, not one per request.
 */
const deadSessions = new LRUCache<string, true>({ max: 10_000 });

/**
 * The staff session of a `Cookie` header. A cookie whose signature is not ours costs no query; a session the
 * database does not confirm is `none`.
 */
export async function checkStaffSession(
  db: Database,
  cookieHeader: string | null,
  secret: string,
  rules: SessionRules,
): Promise<StaffSessionCheck> {
  const sessionId = await readSessionIdFromHeader(cookieHeader, secret);
  if (!sessionId || deadSessions.has(sessionId)) return { state: 'none' };
  const session = await findSession(db, sessionId, { maxDays: rules.maxDays });
  if (!session) {
    deadSessions.set(sessionId, true);
    return { state: 'none' };
  }
  if (!session.secondFactor && needsSecondFactor(session, rules.requirement)) return { state: 'second-step', session };
  return { state: 'signed-in', session };
}

/**
 * Whether a `Cookie` header is that of signed-in staff, who see the live pages (the render cache's question,
 * docs/http-caching.md). The cookie's signature is checked first and costs no query; only a cookie we signed is
 * looked up, and a dead session is remembered as dead: a cookie merely named like the session, or an old one
 * replayed, counts as anonymous.
 */
export async function isSignedInStaff(
  db: Database,
  cookieHeader: string | undefined,
  secret: string,
  rules: SessionRules,
): Promise<boolean> {
  if (!hasSessionCookie(cookieHeader)) return false;
  return (await checkStaffSession(db, cookieHeader ?? null, secret, rules)).state === 'signed-in';
}

/** Whether a `Cookie` header carries a cookie named like the staff session (cheap; says nothing of its worth). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && cookieHeader.split(';').some((pair) => pair.split('=')[0]!.trim() === SESSION_COOKIE_NAME);
}
