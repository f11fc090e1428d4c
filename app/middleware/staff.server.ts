import { createContext, type MiddlewareFunction, redirect } from 'react-router';
import { staffGymIds } from '#app/auth/accounts.server.ts';
import { checkStaffSession, sessionRules } from '#app/auth/session-cookie.server.ts';
import { loginRedirect, staffContext } from '#app/auth/staff.server.ts';
import { requestTwoFactorContext, secondStepForSession } from '#app/auth/two-factor.server.ts';
import { type Flash, takeFlash } from '#app/infra/flash.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { provideStaffClock } from '#app/services/staff-clock.server.ts';

/** The flash message read by the middleware, rendered by the admin layout. */
export const adminFlashContext = createContext<Flash | null>(null);

const PRIVATE = 'private, no-store';

/**
 * The session check of every staff page and action (docs/product/staff.md, docs/staff-auth.md). Anonymous →
 * `/login?redirectTo=…` before any loader or action runs, so a POST changes nothing; a password-only session of a
 * member who needs a second factor → that step, then back here. Staff responses are never cached.
 */
export const requireStaffMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  // Writes from other sites were already refused by the root's same-origin middleware.
  const services = getServices(context);
  const check = await checkStaffSession(
    services.database.db,
    request.headers.get('Cookie'),
    services.sessionSecret,
    sessionRules(services.env),
  );
  if (check.state === 'none') {
    const response = loginRedirect(url);
    response.headers.set('Cache-Control', PRIVATE);
    throw response;
  }
  if (check.state === 'second-step') {
    const next = await secondStepForSession(requestTwoFactorContext(context), check.session, url.pathname + url.search);
    const headers = new Headers({ 'Cache-Control': PRIVATE });
    for (const cookie of next.cookies) headers.append('Set-Cookie', cookie);
    throw redirect(next.location, { headers });
  }
  const { id, email, name, role, sessionId } = check.session;
  // A manager's gyms are read on every request, so a change by an admin applies at once (docs/product/roles.md).
  const gymIds = role === 'manager' ? await staffGymIds(services.database.db, id) : null;
  context.set(staffContext, { id, email, name, role, sessionId, gymIds });
  await provideStaffClock(context, request);

  const { flash, clearHeader } = await takeFlash(request);
  context.set(adminFlashContext, flash);

  const started = performance.now();
  const response = await next();
  // Loaders and the render up to the first byte; scripts/bench-admin.ts reads it.
  response.headers.set('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
  if (!response.headers.get('Cache-Control')?.includes('no-store')) {
    response.headers.set('Cache-Control', PRIVATE);
  }
  // Clear the shown flash unless this response carries a new one (a redirect after an action).
  const settingFlash = (response.headers.get('Set-Cookie') ?? '').includes('flash=');
  if (clearHeader && !settingFlash) response.headers.append('Set-Cookie', clearHeader);
  return response;
};
