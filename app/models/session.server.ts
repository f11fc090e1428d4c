/**
 * Staff sessions live in the `sessions` table; the signed cookie carries only the random session id, so deleting
 * rows ends a session everywhere: logout, a password change, disabling a user (docs/product/staff.md).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '#db/index.ts';
import type { StaffRole } from '#db/schema.ts';

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;
/** A session used after half its life is extended, so an active editor is not logged out mid-week. */
const SESSION_RENEW_AFTER_SECONDS = SESSION_TTL_SECONDS / 2;

export interface StaffIdentity {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
}

export async function createSession(
  db: Database,
  staffUserId: number,
  meta: { userAgent: string; ip: string | null },
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id,
      staff_user_id: staffUserId,
      expires_at: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
      user_agent: meta.userAgent.slice(0, 500),
      ip: meta.ip,
    })
    .execute();
  return id;
}

/** The signed-in staff user of a session id, or null when the session is unknown, expired or the user disabled. */
export async function findSessionUser(db: Database, sessionId: string): Promise<StaffIdentity | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('staff_users', 'staff_users.id', 'sessions.staff_user_id')
    .select(['staff_users.id', 'staff_users.email', 'staff_users.name', 'staff_users.role', 'sessions.expires_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', new Date())
    .where('staff_users.disabled', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  const remainingMs = new Date(row.expires_at).getTime() - Date.now();
  if (remainingMs < SESSION_RENEW_AFTER_SECONDS * 1000) {
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + SESSION_TTL_SECONDS * 1000) })
      .where('id', '=', sessionId)
      .execute();
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role, sessionId };
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

/** Housekeeping: drop expired sessions; returns how many went. */
export async function pruneExpiredSessions(db: Database): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
