/**
 * The signed-in staff member of a request (docs/staff-auth.md, "Sessions"): found from the session cookie, set for
 * the staff area by its middleware (app/middleware/staff.server.ts) and read by every staff route.
 */
import { createContext, type RouterContextProvider, redirect } from 'react-router';
import type { StaffIdentity } from '#app/auth/session.server.ts';
import { checkStaffSession, type SessionRules, sessionRules } from '#app/auth/session-cookie.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import type { Database } from '#db/index.ts';

export type { StaffIdentity } from '#app/auth/session.server.ts';

/** The signed-in staff user of the request; set by the /admin middleware. */
export const staffContext = createContext<StaffIdentity | null>(null);

/**
 * The staff user of the request, from the session cookie; null when anonymous, and when the session is not enough
 * (signed in with the password alone by a member who needs a second factor).
 */
export async function findStaffUser(
  db: Database,
  request: Request,
  secret: string,
  rules: SessionRules,
): Promise<StaffIdentity | null> {
  const check = await checkStaffSession(db, request.headers.get('Cookie'), secret, rules);
  if (check.state !== 'signed-in') return null;
  const { id, email, name, role, sessionId } = check.session;
  return { id, email, name, role, sessionId };
}

/** `findStaffUser` with the request's services. */
export function staffOfRequest(context: Readonly<RouterContextProvider>, request: Request) {
  const services = getServices(context);
  return findStaffUser(services.database.db, request, services.sessionSecret, sessionRules(services.env));
}

/** `/login?redirectTo=<this page>` for an anonymous request. */
export function loginRedirect(url: URL): Response {
  const target = url.pathname + url.search;
  return redirect(`/login?redirectTo=${encodeURIComponent(target)}`);
}

/** The staff user set by the /admin middleware; throws if a route outside /admin asks for it. */
export function getStaff(context: Readonly<RouterContextProvider>): StaffIdentity {
  const staff = context.get(staffContext);
  if (!staff) throw new Error('No staff user in context: is the route under the /admin layout?');
  return staff;
}

/** Throws 403 unless the staff user is an admin (only admins manage staff accounts). */
export function requireAdminRole(staff: StaffIdentity): void {
  if (staff.role !== 'admin') throw new Response('Доступ только для администраторов', { status: 403 });
}
