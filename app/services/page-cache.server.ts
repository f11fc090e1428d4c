/**
 * The render cache in front of React Router (docs/http-caching.md, ADR 33 in docs/decisions): public pages are
 * answered from memory, keyed by the URL, the active gym and the gym's date; staff edits clear it on every instance
 * through the content cache's `LISTEN`; every answer carries a fresh CSP nonce and a fresh bid-form token.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ContentCache } from '#app/infra/content-cache.server.ts';
import {
  acceptsGzip,
  buildCachedPage,
  type CachedPage,
  createPlaceholders,
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
} from '#app/infra/render-cache.server.ts';
import { resolveActiveGym } from '#app/services/active-gym.server.ts';
import { issueBidToken } from '#app/services/bid-token.server.ts';
import { LOGIN_CHALLENGE_COOKIE_NAME } from '#app/services/login-challenge.server.ts';
import { SESSION_COOKIE_NAME } from '#app/services/session.server.ts';
import { SIGNUP_LINK_COOKIE_NAME } from '#app/services/signup-link-cookie.server.ts';
import type { DbHandle } from '#db/index.ts';

/**
 * Cookies that make a request personal (a staff session, a sign-in in progress, a flash message to show, the
 * manage link of a sign-up just made).
 */
const PERSONAL_COOKIES = new Set([SESSION_COOKIE_NAME, LOGIN_CHALLENGE_COOKIE_NAME, 'flash', SIGNUP_LINK_COOKIE_NAME]);
/** Never public, whatever the answer says (`/b/…`: a visitor's own booking). */
const NEVER_CACHED = /^\/(?:admin|login|logout|auth|api|_ipx|imgs|healthz|readyz|metrics|b)(?:[/.]|$)/;
/** HTML documents and the turbo-stream `.data` answers of client-side navigation. */
const PAGE_TYPES = /^(?:text\/html|text\/x-script)\b/;

export type RenderCacheState = 'hit' | 'miss' | 'bypass';

export interface PageCacheOptions {
  enabled: boolean;
  maxEntries: number;
  maxBytes: number;
  database: DbHandle;
  cache: ContentCache;
  sessionSecret: string;
  logger: Logger;
}

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(';').map((pair) => pair.split('=')[0]!.trim());
}

/** Why a request must not use the cache, or null when it may. */
export function bypassReason(req: { method: string; path: string; headers: Request['headers'] }): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return 'method';
  if (NEVER_CACHED.test(req.path)) return 'path';
  if (cookieNames(req.headers.cookie).some((name) => PERSONAL_COOKIES.has(name))) return 'personal';
  return null;
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

/** Headers that belong to one answer, never to the stored page. */
const PER_RESPONSE_HEADERS = new Set(['content-length', 'x-render-cache', 'x-db-queries', 'etag', 'date']);

export function createPageCache(options: PageCacheOptions) {
  const store = createRenderStore({ maxEntries: options.maxEntries, maxBytes: options.maxBytes });
  const placeholders = createPlaceholders();
  options.cache.onClear(() => store.clear());

  function values(res: Response, needsToken: boolean): PerResponseValues {
    return {
      nonce: String(res.locals.nonce ?? ''),
      token: needsToken ? issueBidToken(options.sessionSecret) : '',
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
    let active: Awaited<ReturnType<typeof resolveActiveGym>>;
    try {
      const cookie = req.headers.cookie;
      active = await resolveActiveGym(options, {
        headers: new Headers(cookie ? { cookie } : {}),
      } as globalThis.Request);
    } catch {
      // The database is away: let the page answer for itself (its error page).
      res.setHeader('X-Render-Cache', 'bypass');
      return next();
    }
    const key = renderCacheKey({
      kind: req.path.endsWith('.data') ? 'data' : 'document',
      origin: `${req.protocol}://${req.get('host') ?? ''}`,
      url: req.originalUrl,
      gymId: active.id,
      today: active.today,
    });
    const cached = store.get(key);
    if (cached) return send(req, res, cached, 'hit');
    res.setHeader('X-Render-Cache', 'miss');
    if (req.method === 'HEAD') return next();

    // A miss: render with placeholders, keep the answer, send it with this request's values.
    const generation = store.generation;
    const before = new Set(res.getHeaderNames());
    const realNonce = res.locals.nonce;
    res.locals.nonce = placeholders.nonce;
    const chunks: Buffer[] = [];
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
      if (shareable(res)) {
        const headers = res
          .getHeaderNames()
          .filter((name) => !before.has(name) && !PER_RESPONSE_HEADERS.has(name))
          .map((name): [string, string] => [name, String(res.getHeader(name))]);
        const page = buildCachedPage(200, withVaryAcceptEncoding(headers), body, placeholders);
        store.set(key, page, msUntilNextMidnight(active.timeZone), generation);
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

    runWithPlaceholders(placeholders, () => next());
  }

  return { middleware, store };
}
export type PageCache = ReturnType<typeof createPageCache>;
