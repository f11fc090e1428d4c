import type { MiddlewareFunction } from 'react-router';
import { getStaff } from '#app/auth/staff.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { requestDecision } from '#app/services/access.server.ts';

/**
 * Every staff page and action passes the access rules before its loader or action runs (docs/product/roles.md,
 * ADR 48): a manager asking for a record of another gym gets 404, a change of a record they may only read 403.
 * Runs after the session check (requireStaffMiddleware), which sets the member and their gyms.
 */
export const requireAccessMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const staff = getStaff(context);
  const decision = await requestDecision(
    getDb(context),
    staff,
    request.method,
    url.pathname,
    async () => {
      // The list's buttons post `id` and `intent`; the body is read from a copy, the action reads the original.
      try {
        const form = await request.clone().formData();
        const intent = form.get('intent');
        return {
          id: parseId(form.get('id')),
          intent: typeof intent === 'string' ? intent : null,
          revision: parseId(form.get('revision')),
        };
      } catch {
        return { id: null, intent: null, revision: null };
      }
    },
    url.searchParams,
  );
  if (!decision.ok) {
    if (decision.status === 404) notFound(decision.message);
    throw new Response(decision.message, { status: decision.status });
  }
  return next();
};
