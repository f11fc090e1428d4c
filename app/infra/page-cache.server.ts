/**
 * The render cache in front of React Router (docs/http-caching.md, ADR 33 in docs/decisions): public pages are
 * answered from memory, keyed by the page's origin, the URL, the active gym and the gym's date; staff edits clear
 * it on every instance through the content cache's `LISTEN`; every answer carries a fresh CSP nonce and a fresh
 * bid-form token. Only a staff session the database confirms passes it by; a page is stored only for query
 * parameters its loaders accepted, and only until the next moment its content changes by the clock.
 */
import { finished } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { ContentCache } from '#app/infra/content-cache.server.ts';
import {
  acceptsGzip,
  buildCachedPage,
  type CachedPage,
  createPlaceholders,
  createRenderNotes,
  createRenderStore,
  etagMatches,
  fillParts,
  fillTemplate,
  gzipParts,
  msUntilNextMidnight,
  type PerResponseValues,
  renderCacheKey,
  runWithPlaceholders,
  splitTemplate,
  storableQuery,
} from '#app/infra/render-cache.server.ts';
import { requestOrigin } from '#app/infra/request-handler.server.ts';

/** Never public, whatever the answer says (`/b/…`: a visitor's own booking). */
const NEVER_CACHED = /^\/(?:admin|login|logout|auth|api|_ipx|imgs|healthz|readyz|metrics|b)(?:[/.]|$)/;
/** HTML documents and the turbo-stream `.data` answers of client-side navigation. */
const PAGE_TYPES = /^(?:text\/html|text\/x-script)\b/;

export type RenderCacheState = 'hit' | 'miss' | 'bypass';

/** What became of a render for the cache: stored, begun before an edit (not stored), or not for sharing. */
type RenderOutcome = 'stored' | 'superseded' | 'not-shared';

/** The gym a request's pages are rendered for: part of the key, and its zone decides when "today" ends. */
export interface CacheGym {
  id: number | null;
  timeZone: string;
  /** Today's date in that zone, `YYYY-MM-DD`. */
  today: string;
}

export interface PageCacheOptions {
  enabled: boolean;
  maxEntries: number;
  maxBytes: number;
  cache: ContentCache;
  /** PUBLIC_URL: with it every page's origin is the same, whatever the request's host. */
  publicUrl?: string;
  /** The build's routes: a `.data` answer is stored only when its `_routes` names routes of its own URL. */
  routes?: ServerBuild['routes'];
  logger: Logger;
  /**
   * The application's decisions, handed in by the server (this module knows no sessions, gyms or forms): whether a
   * request's cookies are those of signed-in staff, who see the live page; the gym a request's pages are for; a fresh
   * bid-form token for an answer.
   */
  isStaff(cookie: string | undefined): Promise<boolean>;
  gymOf(cookie: string | undefined): Promise<CacheGym>;
  issueToken(): string;
}

/** Why a request must not use the cache, or null when it may (a staff session is checked separately). */
export function bypassReason(req: { method: string; path: string }): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return 'method';
  if (NEVER_CACHED.test(req.path)) return 'path';
  return null;
}

/** The build's flat route manifest as the tree `matchRoutes` walks. */
function routeTree(routes: NonNullable<PageCacheOptions['routes']>): RouteObject[] {
  const below = new Map<string | undefined, Array<NonNullable<(typeof routes)[string]>>>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    below.set(route.parentId, [...(below.get(route.parentId) ?? []), route]);
  }
  const node = (route: NonNullable<(typeof routes)[string]>): RouteObject =>
    route.index
      ? { id: route.id, index: true, caseSensitive: route.caseSensitive }
      : {
          id: route.id,
          path: route.path,
          caseSensitive: route.caseSensitive,
          children: (below.get(route.id) ?? []).map(node),
        };
  return (below.get(undefined) ?? []).map(node);
}

/** The ids of the routes a page path matches (`/coaches.data` is `/coaches`); empty without a route list. */
function matchedRouteIds(tree: RouteObject[], path: string): Set<string> {
  const pagePath = path.replace(/(?:\/_)?\.data$/, '') || '/';
  return new Set((matchRoutes(tree, pagePath) ?? []).flatMap((match) => (match.route.id ? [match.route.id] : [])));
}

/** Whether a finished answer may be shared: a public 200 page that sets no cookie and is not encoded yet. */
function shareable(res: Response): boolean {
  const cacheControl = String(res.getHeader('cache-control') ?? '');
  return (
    res.statusCode === 200 &&
    /(?:^|,)\s*public\b/.test(cacheControl) &&
    !/\b(?:private|no-store|no-cache)\b/.test(cacheControl) &&
    !res.hasHeader('set-cookie') &&
    !res.hasHeader('content-encoding') &&
    PAGE_TYPES.test(String(res.getHeader('content-type') ?? ''))
  );
}

function withVaryAcceptEncoding(headers: [string, string][]): [string, string][] {
  const vary = headers.find(([name]) => name === 'vary')?.[1] ?? '';
  const names = vary
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding')) names.push('Accept-Encoding');
  return [...headers.filter(([name]) => name !== 'vary'), ['vary', names.join(', ')]];
}

/** A page whose content changes sooner than this (a session starting now) is not worth storing. */
const MIN_TTL_MS = 1000;

/** Headers that belong to one answer, never to the stored page. */
const PER_RESPONSE_HEADERS = new Set(['content-length', 'x-render-cache', 'x-db-queries', 'etag', 'date']);

export function createPageCache(options: PageCacheOptions) {
  const store = createRenderStore({ maxEntries: options.maxEntries, maxBytes: options.maxBytes });
  const placeholders = createPlaceholders();
  options.cache.onClear(() => store.clear());
  const routes = options.routes ? routeTree(options.routes) : [];
  /**
   * Renders under way, by key: a request that misses while the same page is being rendered waits for that render
   * instead of starting its own, so a cleared cache under load costs one render per page, not one per visitor. Each
   * ends with what became of it: `superseded` when an edit cleared the cache during the render, so its page was not
   * stored and those waiting wait for the next render of the page (one of them starts it).
   */
  const rendering = new Map<string, Promise<RenderOutcome>>();

  function values(res: Response, needsToken: boolean): PerResponseValues {
    return {
      nonce: String(res.locals.nonce ?? ''),
      token: needsToken ? options.issueToken() : '',
    };
  }

  function send(req: Request, res: Response, page: CachedPage, state: RenderCacheState) {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader('ETag', page.etag);
    res.setHeader('X-Render-Cache', state);
    if (etagMatches(req.headers['if-none-match'], page.etag)) {
      // The browser keeps its copy, whose scripts carry the nonce of the policy stored with it.
      res.removeHeader('Content-Security-Policy');
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = page.status;
    const filled = values(res, page.template.slots.has('token'));
    // Written piece by piece: the stored page is never copied for an answer.
    let pieces = fillParts(page.template, filled);
    if (acceptsGzip(req.headers['accept-encoding'])) {
      pieces = gzipParts(page.gzip, filled, pieces);
      // The compression middleware leaves an answer alone once it has a Content-Encoding.
      res.setHeader('Content-Encoding', 'gzip');
    }
    res.setHeader(
      'Content-Length',
      pieces.reduce((sum, piece) => sum + piece.length, 0),
    );
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    res.cork();
    for (const piece of pieces) res.write(piece);
    res.end();
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (!options.enabled) return next();
    const reason = bypassReason(req) ?? (options.cache.listening ? null : 'not-listening');
    if (reason) {
      res.setHeader('X-Render-Cache', 'bypass');
      return next();
    }
    let active: CacheGym | null = null;
    try {
      const cookie = req.headers.cookie;
      if (!(await options.isStaff(cookie))) active = await options.gymOf(cookie);
    } catch {
      // The database is away: the page answers for itself (its error page).
    }
    if (!active) {
      res.setHeader('X-Render-Cache', 'bypass');
      return next();
    }
    const { timeZone } = active;
    const key = renderCacheKey({
      kind: req.path.endsWith('.data') ? 'data' : 'document',
      // The origin the page's canonical URLs are built from, from the same function (docs/security.md).
      origin: options.publicUrl ?? requestOrigin(req, options.publicUrl),
      url: req.originalUrl,
      gymId: active.id,
      today: active.today,
    });
    let cached = store.get(key);
    if (cached) return send(req, res, cached, 'hit');
    let underway = req.method === 'HEAD' ? undefined : rendering.get(key);
    while (underway) {
      const outcome = await underway;
      cached = store.get(key);
      if (cached) return send(req, res, cached, 'hit');
      // Nothing to share (an error, a personal answer): render for this visitor, as if nobody had rendered.
      if (outcome !== 'superseded') break;
      // An edit landed during that render (an edit storm): wait for the next render of the page, or be it.
      underway = rendering.get(key);
    }
    res.setHeader('X-Render-Cache', 'miss');
    if (req.method === 'HEAD') return next();
    // The first miss of a key renders for everyone who asks meanwhile: settled once the page is stored, or when its
    // answer is over without a page to share (an error, a personal answer, a closed connection).
    let settle: (outcome: RenderOutcome) => void = () => {};
    if (!rendering.has(key)) {
      const done = new Promise<RenderOutcome>((resolve) => {
        settle = resolve;
      });
      rendering.set(key, done);
      // `finished`, not a 'close' listener: the connection may have closed during the look-ups above, and a listener
      // added after its 'close' never hears it. Nothing is written to a closed connection, so the answer never ends
      // either, and everyone asking for the page would wait for this render forever.
      finished(res, () => settle('not-shared'));
      void done.then(() => {
        if (rendering.get(key) === done) rendering.delete(key);
      });
    }

    // A miss: render with placeholders, keep the answer, send it with this request's values.
    const generation = store.generation;
    const before = new Set(res.getHeaderNames());
    const realNonce = res.locals.nonce;
    res.locals.nonce = placeholders.nonce;
    const chunks: Buffer[] = [];
    // What the page's loaders say about it: the query parameters they accepted, when its content next changes.
    const notes = createRenderNotes();
    const write = res.write;
    const end = res.end;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === 'string'
            ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
            : Buffer.from(chunk as Uint8Array),
      );
    };
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      collect(chunk, encoding);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => done());
      return true;
    }) as Response['write'];
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      collect(chunk, encoding);
      res.write = write;
      res.end = end;
      res.locals.nonce = realNonce;
      try {
        finish();
      } catch (error) {
        options.logger.error({ err: error }, 'render cache: sending a page failed');
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      }
      const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function');
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return res;
    }) as Response['end'];

    function finish() {
      const body = Buffer.concat(chunks);
      const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      const ttl = Math.min(
        msUntilNextMidnight(timeZone),
        notes.expiresAt === null ? Number.POSITIVE_INFINITY : notes.expiresAt - Date.now(),
      );
      if (
        shareable(res) &&
        storableQuery(search, notes.acceptedParams, matchedRouteIds(routes, req.path)) &&
        ttl >= MIN_TTL_MS
      ) {
        const headers = res
          .getHeaderNames()
          .filter((name) => !before.has(name) && !PER_RESPONSE_HEADERS.has(name))
          .map((name): [string, string] => [name, String(res.getHeader(name))]);
        const page = buildCachedPage(200, withVaryAcceptEncoding(headers), body, placeholders);
        const stored = store.set(key, page, ttl, generation);
        settle(stored ? 'stored' : store.generation !== generation ? 'superseded' : 'not-shared');
        send(req, res, page, 'miss');
        return;
      }
      // Not for sharing (an error page, a personal answer): just this request's values in place.
      const template = splitTemplate(body, placeholders);
      const filled = fillTemplate(template, values(res, template.slots.has('token')));
      res.setHeader('X-Render-Cache', 'bypass');
      if (res.hasHeader('content-length')) res.setHeader('Content-Length', filled.length);
      res.end(filled);
    }

    runWithPlaceholders(placeholders, () => next(), notes);
  }

  return { middleware, store };
}
export type PageCache = ReturnType<typeof createPageCache>;
