/**
 * Staff sessions live in the `sessions` table; the signed cookie carries only the random session id, so deleting
 * rows ends a session everywhere: logout, a password change, disabling a user (docs/product/staff.md). A session is
 * extended while it is used, but never beyond its absolute lifetime (docs/staff-auth.md, "Sessions").
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '#db/index.ts';
import type { StaffRole } from '#db/schema.ts';

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;
/** A session used after half its life is extended, so an active editor is not logged out mid-week. */
const SESSION_RENEW_AFTER_SECONDS = SESSION_TTL_SECONDS / 2;
/** `SESSION_MAX_DAYS`' default: however busy, a session ends this long after the sign-in. */
export const DEFAULT_SESSION_MAX_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StaffIdentity {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
  /**
   * The gyms a manager looks after (docs/product/roles.md); null for admins and editors, who look after every gym.
   * Filled in by the staff middleware.
   */
  gymIds?: number[] | null;
}

/** A live session as the session check sees it. */
export interface SessionRecord extends StaffIdentity {
  /** Signed in with a code, not the password alone. */
  secondFactor: boolean;
  /** The member has two-factor sign-in on. */
  totpEnabled: boolean;
  expiresAt: Date;
}

export interface SessionLifetime {
  /** The absolute lifetime in days (`SESSION_MAX_DAYS`). */
  maxDays: number;
  now?: Date;
}

/** When a session made at `createdAt` expires if used at `now`: 7 days on, but not past its absolute end. */
function nextExpiry(createdAt: Date, now: Date, maxDays: number): Date {
  return new Date(Math.min(now.getTime() + SESSION_TTL_SECONDS * 1000, createdAt.getTime() + maxDays * DAY_MS));
}

export async function createSession(
  db: Database,
  staffUserId: number,
  meta: { userAgent: string; ip: string | null; secondFactor?: boolean; maxDays?: number },
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id,
      staff_user_id: staffUserId,
      expires_at: nextExpiry(now, now, meta.maxDays ?? DEFAULT_SESSION_MAX_DAYS),
      user_agent: meta.userAgent.slice(0, 500),
      ip: meta.ip,
      second_factor: meta.secondFactor ?? false,
      created_at: now,
    })
    .execute();
  return id;
}

/**
 * The live session of a session id, or null when it is unknown, expired (by its sliding or its absolute end) or
 * its member disabled. A session used after half its sliding life is extended, up to its absolute end.
 */
export async function findSession(
  db: Database,
  sessionId: string,
  { maxDays, now = new Date() }: SessionLifetime,
): Promise<SessionRecord | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('staff_users', 'staff_users.id', 'sessions.staff_user_id')
    .select([
      'staff_users.id',
      'staff_users.email',
      'staff_users.name',
      'staff_users.role',
      'staff_users.totp_secret',
      'sessions.expires_at',
      'sessions.created_at',
      'sessions.second_factor',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now)
    .where('sessions.created_at', '>', new Date(now.getTime() - maxDays * DAY_MS))
    .where('staff_users.disabled', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  let expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() - now.getTime() < SESSION_RENEW_AFTER_SECONDS * 1000) {
    const next = nextExpiry(new Date(row.created_at), now, maxDays);
    if (next > expiresAt) {
      await db.updateTable('sessions').set({ expires_at: next }).where('id', '=', sessionId).execute();
      expiresAt = next;
    }
  }
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    sessionId,
    secondFactor: row.second_factor,
    totpEnabled: row.totp_secret !== null,
    expiresAt,
  };
}

/** The signed-in staff user of a session id (see `findSession`), without how the session was made. */
export async function findSessionUser(
  db: Database,
  sessionId: string,
  lifetime: SessionLifetime = { maxDays: DEFAULT_SESSION_MAX_DAYS },
): Promise<StaffIdentity | null> {
  const session = await findSession(db, sessionId, lifetime);
  if (!session) return null;
  const { id, email, name, role } = session;
  return { id, email, name, role, sessionId };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user (disable, password change); `except` keeps the current one. */
export async function deleteUserSessions(db: Database, staffUserId: number, except?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('staff_user_id', '=', staffUserId);
  if (except) query = query.where('id', '!=', except);
  await query.execute();
}

/** The member proved a second factor in this session (turning two-factor sign-in on): it now counts as such. */
export async function markSessionSecondFactor(db: Database, staffUserId: number, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ second_factor: true })
    .where('id', '=', sessionId)
    .where('staff_user_id', '=', staffUserId)
    .execute();
}

/** Housekeeping: drop expired sessions; returns how many went. */
export async function pruneExpiredSessions(db: Database): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
