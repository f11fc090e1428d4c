import type { MiddlewareFunction } from 'react-router';
import { getRequestInfo, getServices } from '#app/infra/services.server.ts';
import { isCrossOriginWrite } from '#app/lib/same-origin.ts';

/**
 * Every write of the application — staff actions, login, logout, the gym choice, bid forms — passes this check
 * before any action runs (docs/security.md, "Writes from other sites"). It sits on the root route, so a new action
 * cannot forget it.
 */
export const sameOriginWritesMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (isCrossOriginWrite(request, getServices(context).env.PUBLIC_URL)) {
    getRequestInfo(context).logger.warn(
      {
        method: request.method,
        origin: request.headers.get('origin'),
        refererOrigin: URL.parse(request.headers.get('referer') ?? '')?.origin ?? null,
        fetchSite: request.headers.get('sec-fetch-site'),
      },
      'cross-origin write refused',
    );
    throw new Response('Запрос с другого сайта отклонён', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  }
  return next();
};
