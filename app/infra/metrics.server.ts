/**
 * Prometheus metrics at `/metrics` (README, operations), only when METRICS_TOKEN is set and only for a request with
 * `Authorization: Bearer <METRICS_TOKEN>`: the process (CPU, memory, event loop lag, GC), HTTP requests by route
 * pattern and status, the PostgreSQL pool and the outbox. Route labels are React Router's patterns
 * (`/coaches/:id`), never raw paths, so that a crawler cannot blow up the number of series.
 */
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

export interface MetricsSources {
  poolStats(): { total: number; idle: number; waiting: number } | null;
  outbox(): Promise<{ pending: number; dead: number }>;
  /** Scheduled changes due more than two minutes ago and still not applied (docs/product/scheduling.md). */
  overdueScheduledChanges?(): Promise<number>;
}

/** Paths the Express server answers itself, before React Router. */
const STATIC_PREFIXES = ['/assets/', '/imgs/', '/_img/'];

/** React Router's flat route manifest as a tree, for `matchRoutes`. */
function routeTree(routes: ServerBuild['routes']): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  const nodes = new Map<string, RouteObject>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = (
      route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, children: [] }
    ) as RouteObject;
    nodes.set(route.id, node);
  }
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push(nodes.get(route.id)!);
    children.set(route.parentId, list);
  }
  for (const [id, node] of nodes) {
    if (!node.index) (node as { children?: RouteObject[] }).children = children.get(id) ?? [];
  }
  return children.get(undefined) ?? [];
}

/** The pattern of the route React Router matches for `pathname` (`/coaches/:id`), or null. */
export function createRoutePatternMatcher(routes: ServerBuild['routes']): (pathname: string) => string | null {
  const tree = routeTree(routes);
  const cache = new Map<string, string | null>();
  return (pathname) => {
    const known = cache.get(pathname);
    if (known !== undefined) return known;
    const matches = matchRoutes(tree, pathname);
    const pattern = matches
      ? `/${matches
          .map((match) => match.route.path)
          .filter((path): path is string => Boolean(path))
          .join('/')}`.replace(/\/+/g, '/')
      : null;
    if (cache.size < 10_000) cache.set(pathname, pattern);
    return pattern;
  };
}

export function createMetrics(options: { token?: string; sources: MetricsSources }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const renderCache = new Counter({
    name: 'render_cache_answers_total',
    help: 'Public pages answered from the render cache (hit), rendered and stored (miss) or rendered past it (bypass)',
    labelNames: ['result'],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by route pattern',
    labelNames: ['route'],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent with PGlite)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = options.sources.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const outboxGauge = (name: string, help: string, key: 'pending' | 'dead') =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set((await options.sources.outbox())[key]);
      },
    });
  outboxGauge('outbox_pending', 'Notifications waiting to be sent or retried', 'pending');
  outboxGauge('outbox_dead', 'Notifications given up after the last attempt (see the staff dashboard)', 'dead');
  new Gauge({
    name: 'scheduled_changes_overdue',
    help: 'Scheduled content changes due more than 2 minutes ago and not yet applied (see the staff dashboard)',
    registers: [registry],
    async collect() {
      this.set((await options.sources.overdueScheduledChanges?.()) ?? 0);
    },
  });

  let matchRoute: (pathname: string) => string | null = () => null;

  function routeLabel(req: Request, status: number): string {
    const pathname = req.path;
    if (pathname === '/metrics' || pathname === '/healthz' || pathname === '/readyz') return pathname;
    const prefix = STATIC_PREFIXES.find((candidate) => pathname.startsWith(candidate));
    if (prefix) return `${prefix}*`;
    // A data request of client navigation (`/coaches/3.data`) counts for its page.
    const page = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) || '/' : pathname;
    const pattern = status === 404 ? null : matchRoute(page === '/_root' ? '/' : page);
    return pattern ?? (status === 404 ? 'not found' : 'other');
  }

  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null;

  return {
    enabled: Boolean(options.token),
    registry,
    /** Tells the route patterns of the production build (in dev every page counts as `other`). */
    setRoutes(routes: ServerBuild['routes']) {
      matchRoute = createRoutePatternMatcher(routes);
    },
    /** Counts every request when it is answered. */
    middleware(req: Request, res: Response, next: NextFunction) {
      const stop = duration.startTimer();
      res.once('finish', () => {
        const labels = { method: req.method, route: routeLabel(req, res.statusCode), status: String(res.statusCode) };
        stop(labels);
        requests.inc(labels);
        // Set by the render cache on public pages (app/infra/page-cache.server.ts, docs/http-caching.md).
        const cached = res.getHeader('x-render-cache');
        if (typeof cached === 'string') renderCache.inc({ result: cached });
        if (res.statusCode === 429) refusals.inc({ route: labels.route });
      });
      next();
    },
    /** `GET /metrics`: 404 without a configured token, 401 without the right one. */
    async handler(req: Request, res: Response, next: NextFunction) {
      if (!expected) {
        next();
        return;
      }
      const given = Buffer.from(req.get('authorization') ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.status(401).set('WWW-Authenticate', 'Bearer').set('Cache-Control', 'no-store').type('text/plain').send('');
        return;
      }
      try {
        const body = await registry.metrics();
        res.set('Cache-Control', 'no-store').type(registry.contentType).send(body);
      } catch (error) {
        next(error);
      }
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
