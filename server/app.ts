/**
 * The site: public pages from the page cache, everything else rendered by React Router with each request's load
 * context, request bodies counted against their limit. The server build's entry (vite.config.ts), as in React
 * Router's node-custom-server template: Vite builds it with the routes, so it imports the route build and the site
 * stylesheet as modules, and in development server.ts loads it through Vite the same way
 * (docs/decisions/0052-the-site-as-the-server-build.md). The process around it (start-up, the front's headers and
 * health checks, static files, drain) is server.ts's.
 */

import * as serverBuild from 'virtual:react-router/server-build';
import type express from 'express';
import siteStyles from '#app/app.css?inline';
import { isSignedInStaff, sessionRules } from '#app/auth/session-cookie.server.ts';
import { answerDatabaseOutagesWith503 } from '#app/infra/database-outage.server.ts';
import { AppLoadContext, type AppServices } from '#app/infra/load-context.server.ts';
import { createPageCache } from '#app/infra/page-cache.server.ts';
import { createRequestHandler } from '#app/infra/request-handler.server.ts';
import { PUBLIC_BODY_LIMIT, STAFF_BODY_LIMIT } from '#app/lib/body-limits.ts';
import { resolveActiveGym } from '#app/services/active-gym.server.ts';
import { issueBidToken } from '#app/services/bid-token.server.ts';

const dev = import.meta.env.DEV;
// Every route's loader, action and middleware answers an unreachable database with a 503 (database-outage.server.ts).
const build = answerDatabaseOutagesWith503(serverBuild);

/** The build's routes, for the metrics' route patterns (app/infra/metrics.server.ts). */
export const routes = build.routes;

/** The site's request handlers, over the services start-up made (server/start.ts). */
export function createSite(services: Omit<AppServices, 'buildId'>): express.RequestHandler[] {
  const { env, database, cache, logger, sessionSecret } = services;
  const buildId = dev ? 'dev' : build.assets.version;
  const rules = sessionRules(env);
  // Public pages from memory, with a fresh nonce and bid token per answer (docs/http-caching.md).
  const pageCache = createPageCache({
    enabled: env.RENDER_CACHE === 'on' && !dev,
    maxEntries: env.RENDER_CACHE_MAX_ENTRIES,
    maxBytes: env.RENDER_CACHE_MAX_MB * 1024 * 1024,
    cache,
    publicUrl: env.PUBLIC_URL,
    routes: build.routes,
    logger,
    // Only a session the database confirms passes it by (docs/security.md, "Staff sessions and the caches").
    isStaff: (cookie) => isSignedInStaff(database.db, cookie, sessionSecret, rules),
    // The active gym as the pages resolve it, from the `gym` cookie (the only part of the request it reads).
    gymOf: async (cookie) =>
      resolveActiveGym({ database, cache }, { headers: new Headers(cookie ? { cookie } : {}) } as Request),
    issueToken: () => issueBidToken(sessionSecret),
  });
  const reactRouter = createRequestHandler({
    build,
    mode: dev ? 'development' : 'production',
    // Request bodies are counted as they arrive (docs/security.md, "Request bodies").
    bodyLimit: (req) => (/^\/admin(\/|$)/.test(req.path) ? STAFF_BODY_LIMIT : PUBLIC_BODY_LIMIT),
    publicUrl: env.PUBLIC_URL,
    // Answers sent before React Router (the 413) look like the error page.
    styles: siteStyles,
    onBodyRefused: (req, error) => req.log.warn({ reason: error.reason }, 'request body over the limit: 413'),
    getLoadContext(req, res) {
      return new AppLoadContext(
        { ...services, buildId },
        { id: String(req.id), nonce: res.locals.nonce, logger: req.log, ip: req.ip ?? null },
      );
    },
  });
  return [pageCache.middleware, reactRouter];
}
