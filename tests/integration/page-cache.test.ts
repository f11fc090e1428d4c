/**
 * The render cache's rules about who may pass it by, what may be stored and for how long (docs/http-caching.md),
 * with the real middleware, content cache and sessions on an in-memory database in front of a stand-in page that
 * tells the cache what the site's loaders tell it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaffUser } from '#app/auth/accounts.server.ts';
import { createSession, deleteSession } from '#app/auth/session.server.ts';
import { commitSessionCookie, isSignedInStaff } from '#app/auth/session-cookie.server.ts';
import { createContentCache } from '#app/infra/content-cache.server.ts';
import { parseEnv } from '#app/infra/env.server.ts';
import { AppLoadContext } from '#app/infra/load-context.server.ts';
import { createPageCache } from '#app/infra/page-cache.server.ts';
import { acceptCacheParams } from '#app/infra/render-cache.server.ts';
import { timeIn, todayIn } from '#app/lib/schedule.ts';
import { resolveActiveGym } from '#app/services/active-gym.server.ts';
import { issueBidToken } from '#app/services/bid-token.server.ts';
import { cachedPageContent, showsSessions } from '#app/services/site-page.server.ts';
import { openTestDb, type TestDb } from '#tests/integration/db-harness.ts';

const SECRET = 'page-cache-test-secret-of-32-characters!';
const ZONE = 'Europe/Moscow';
const silent = pino({ level: 'silent' });

let testDb: TestDb;
let base = '';
let server: ReturnType<express.Express['listen']>;
let renders = 0;
let contentLoads = 0;
let cache: ReturnType<typeof createContentCache>;
/** Makes the cache's look-up of the visitor's gym take this long (a busy database). */
let gymLookupDelayMs = 0;

/** `HH:MM` in Moscow, `minutes` from now (the test keeps clear of midnight). */
function moscowTime(minutes: number): string {
  return timeIn(ZONE, new Date(Date.now() + minutes * 60_000));
}

beforeAll(async () => {
  testDb = await openTestDb();
  cache = createContentCache(testDb.handle, silent);
  await cache.start();
  const env = parseEnv({ SESSION_SECRET: SECRET });
  const pageCache = createPageCache({
    enabled: true,
    maxEntries: 100,
    maxBytes: 10_000_000,
    cache,
    logger: silent,
    // What server.ts hands in: the session service's check and the gym as pages resolve it.
    isStaff: (cookie) => isSignedInStaff(testDb.db, cookie, SECRET, { maxDays: 30, requirement: undefined }),
    gymOf: async (cookie) => {
      if (gymLookupDelayMs) await new Promise((resolve) => setTimeout(resolve, gymLookupDelayMs));
      return resolveActiveGym({ database: testDb.handle, cache }, {
        headers: new Headers(cookie ? { cookie } : {}),
      } as Request);
    },
    issueToken: () => issueBidToken(SECRET),
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = 'n';
    next();
  });
  app.use(pageCache.middleware);
  // A stand-in for a public page: what its loaders tell the cache, then a public answer.
  app.get('/page', async (req, res) => {
    renders += 1;
    const context = new AppLoadContext(
      {
        env,
        database: testDb.handle,
        storage: null as never,
        cache,
        logger: silent,
        sessionSecret: SECRET,
        buildId: 't',
      },
      { id: '1', nonce: 'n', logger: silent, ip: null },
    );
    const request = new Request(`http://club.test${req.originalUrl}`, {
      headers: req.headers.cookie ? { cookie: req.headers.cookie } : {},
    });
    await cachedPageContent({ context, request }, { gymId: null, today: todayIn(ZONE) }, 'page', async () => {
      contentLoads += 1;
      return null;
    });
    if (req.query.week === '2026-W50') acceptCacheParams('week');
    if (typeof req.query.startsIn === 'string') {
      const start = moscowTime(Number(req.query.startsIn));
      showsSessions([{ date: todayIn(ZONE), start, end: moscowTime(Number(req.query.startsIn) + 60) }], ZONE);
      acceptCacheParams('startsIn');
    }
    // A render that takes a while, as a real page's does under load.
    if (typeof req.query.slow === 'string') {
      acceptCacheParams('slow');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (req.query.personal === '1') {
      acceptCacheParams('personal');
      await new Promise((resolve) => setTimeout(resolve, 200));
      res.set('Cache-Control', 'private, no-store');
    } else {
      res.set('Cache-Control', 'public, max-age=0, s-maxage=30');
    }
    // As React Router's answer does (app/infra/request-handler.server.ts): nothing is written to a closed connection.
    if (res.destroyed) return;
    res.set('Content-Type', 'text/html; charset=utf-8');
    res.send(`<p>render ${renders}</p>`);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await cache.stop();
  await testDb.close();
});

afterEach(() => {
  vi.useRealTimers();
  cache.clear();
});

async function get(path: string, cookie?: string) {
  const response = await fetch(`${base}${path}`, {
    headers: cookie ? { cookie } : {},
    // A page that never comes fails the test in seconds, not at its timeout.
    signal: AbortSignal.timeout(5_000),
  });
  return { state: response.headers.get('x-render-cache'), body: await response.text() };
}

async function sessionCookie(): Promise<{ cookie: string; sessionId: string }> {
  const email = `cache-${Math.random().toString(36).slice(2)}@club.test`;
  const id = await createStaffUser(testDb.db, { email, role: 'editor', password: 'editor-password-1' }, null);
  const sessionId = await createSession(testDb.db, id, { userAgent: 'test', ip: null });
  return { cookie: (await commitSessionCookie(SECRET, sessionId)).split(';')[0]!, sessionId };
}

describe('who passes the cache by', () => {
  it('a cookie merely named like the staff session gets the shared page, and the shared content', async () => {
    await get('/page');
    const loads = contentLoads;
    for (const cookie of ['staff_session=x', 'staff_session=eyJhIjoxfQ%3D%3D.forged; gym=1']) {
      expect((await get('/page', cookie)).state).toBe('hit');
    }
    // Rendered afresh (the cache cleared), the content still comes from memory for such a cookie.
    cache.clear();
    await get('/page', 'staff_session=x');
    await get('/page?other=1', 'staff_session=x');
    expect(contentLoads).toBe(loads + 1);
  });

  it('a session the database confirms passes it by; the same cookie after logout is anonymous', async () => {
    const { cookie, sessionId } = await sessionCookie();
    await get('/page');
    expect((await get('/page', cookie)).state).toBe('bypass');
    await deleteSession(testDb.db, sessionId);
    expect((await get('/page', cookie)).state).toBe('hit');
  });
});

describe('what is stored', () => {
  it('only query parameters the page accepted make a key; anything else renders without being stored', async () => {
    const random = `/page?utm_x=${Math.random()}`;
    expect((await get(random)).state).toBe('bypass');
    expect((await get(random)).state).toBe('bypass');
    expect((await get('/page?week=9999-W01')).state).toBe('bypass');
    expect((await get('/page?week=9999-W01')).state).toBe('bypass');
    expect((await get('/page?week=2026-W50')).state).toBe('miss');
    expect((await get('/page?week=2026-W50')).state).toBe('hit');
    // A parameter twice is not the page's parameter.
    expect((await get('/page?week=2026-W50&week=2026-W50')).state).toBe('bypass');
    expect((await get('/page?week=2026-W50&week=2026-W50')).state).toBe('bypass');
  });

  it('a stored page expires when a session it shows starts, not at midnight', async () => {
    const at = new Date();
    // Not within an hour of Moscow midnight, so that the test is about the session, not the day.
    const hour = Number(timeIn(ZONE, at).slice(0, 2));
    if (hour >= 22) vi.useFakeTimers({ toFake: ['Date'], now: at.getTime() - 3 * 60 * 60 * 1000 });
    expect((await get('/page?startsIn=10')).state).toBe('miss');
    expect((await get('/page?startsIn=10')).state).toBe('hit');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60 * 1000 });
    const after = await get('/page?startsIn=10');
    expect(after.state).toBe('miss');
  });
});

describe('a cleared cache under load', () => {
  it('visitors asking for a page while it is being rendered wait for that render: one render for all', async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/page?slow=1')));
    expect(renders - before).toBe(1);
    expect(answers.filter((answer) => answer.state === 'miss')).toHaveLength(1);
    expect(answers.filter((answer) => answer.state === 'hit')).toHaveLength(9);
    expect(new Set(answers.map((answer) => answer.body))).toEqual(new Set([`<p>render ${before + 1}</p>`]));
  });

  it('an edit during that render: the ones waiting get one new render after it, not the old page nor one each', async () => {
    const before = renders;
    const first = get('/page?slow=2');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = Array.from({ length: 9 }, () => get('/page?slow=2'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A staff save: the content cache's notice clears the render cache while the page is being rendered.
    cache.clear();
    const answers = await Promise.all(waiting);
    expect(await first).toMatchObject({ state: 'miss', body: `<p>render ${before + 1}</p>` });
    expect(renders - before).toBe(2);
    expect(answers.filter((answer) => answer.state === 'miss')).toHaveLength(1);
    expect(answers.filter((answer) => answer.state === 'hit')).toHaveLength(8);
    expect(new Set(answers.map((answer) => answer.body))).toEqual(new Set([`<p>render ${before + 2}</p>`]));
  });

  it('a visitor who leaves before the page is rendered leaves no render behind for the others to wait on', async () => {
    // The connection closes while the cache still looks up the visitor's gym: the render that follows has nobody to
    // answer, writes nothing and never ends its answer.
    gymLookupDelayMs = 100;
    try {
      await new Promise<void>((resolve) => {
        const request = http.get(`${base}/page?slow=3`);
        request.on('error', () => resolve());
        request.on('close', () => resolve());
        setTimeout(() => request.destroy(), 20);
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
    } finally {
      gymLookupDelayMs = 0;
    }
    // The next visitors of the same page get it, rendered once for both.
    const before = renders;
    const answers = await Promise.all([get('/page?slow=3'), get('/page?slow=3')]);
    expect(answers.map((answer) => answer.body)).toEqual([
      `<p>render ${before + 1}</p>`,
      `<p>render ${before + 1}</p>`,
    ]);
  });

  it('an answer not for sharing is not handed to the others: each of them renders its own', async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 3 }, () => get('/page?personal=1')));
    expect(renders - before).toBe(3);
    expect(answers.every((answer) => answer.state === 'bypass')).toBe(true);
  });
});
