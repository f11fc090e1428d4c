import { createContext, type MiddlewareFunction } from 'react-router';
import { type Flash, takeFlash } from '#app/infra/flash.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { findStaffUser, loginRedirect, staffContext } from '#app/services/auth.server.ts';
import { provideStaffClock } from '#app/services/staff-clock.server.ts';

/** The flash message read by the middleware, rendered by the admin layout. */
export const adminFlashContext = createContext<Flash | null>(null);

/**
 * The session check of every staff page and action (docs/product/staff.md). Anonymous → `/login?redirectTo=…`
 * before any loader or action runs, so a POST changes nothing. Staff responses are never cached.
 */
export const requireStaffMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  // Writes from other sites were already refused by the root's same-origin middleware.
  const services = getServices(context);
  const staff = await findStaffUser(services.database.db, request, services.sessionSecret);
  if (!staff) {
    const response = loginRedirect(url);
    response.headers.set('Cache-Control', 'private, no-store');
    throw response;
  }
  context.set(staffContext, staff);
  await provideStaffClock(context, request);

  const { flash, clearHeader } = await takeFlash(request);
  context.set(adminFlashContext, flash);

  const started = performance.now();
  const response = await next();
  // Loaders and the render up to the first byte; scripts/bench-admin.ts reads it.
  response.headers.set('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
  if (!response.headers.get('Cache-Control')?.includes('no-store')) {
    response.headers.set('Cache-Control', 'private, no-store');
  }
  // Clear the shown flash unless this response carries a new one (a redirect after an action).
  const settingFlash = (response.headers.get('Set-Cookie') ?? '').includes('flash=');
  if (clearHeader && !settingFlash) response.headers.append('Set-Cookie', clearHeader);
  return response;
};
