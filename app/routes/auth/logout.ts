import { redirect } from 'react-router';
import { deleteSession, findSessionUser } from '#app/auth/session.server.ts';
import { destroySessionCookie, readSessionId } from '#app/auth/session-cookie.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { recordAudit } from '#app/models/audit.server.ts';
import type { Route } from './+types/logout';

/** Logging out is a POST (a link or an image on another site must not log anyone out). */
export function loader() {
  return redirect('/admin');
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const db = services.database.db;
  const sessionId = await readSessionId(request, services.sessionSecret);
  if (sessionId) {
    const staff = await findSessionUser(db, sessionId, { maxDays: services.env.SESSION_MAX_DAYS });
    await deleteSession(db, sessionId);
    if (staff) await recordAudit(db, { staffUserId: staff.id, action: 'logout', entity: 'session', entityId: null });
  }
  return redirect('/login', {
    headers: { 'Set-Cookie': await destroySessionCookie(services.sessionSecret), 'Cache-Control': 'private, no-store' },
  });
}
