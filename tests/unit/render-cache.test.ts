import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bypassReason } from '#app/infra/page-cache.server.ts';
import {
  acceptsGzip,
  buildCachedPage,
  createPlaceholders,
  createRenderStore,
  etagMatches,
  fillGzip,
  fillParts,
  fillTemplate,
  gzipParts,
  msUntilNextMidnight,
  renderCacheKey,
  renderPlaceholders,
  runWithPlaceholders,
  splitTemplate,
  storableQuery,
} from '#app/infra/render-cache.server.ts';
import { todayIn } from '#app/lib/schedule.ts';

const placeholders = createPlaceholders();
const page = (html: string) => Buffer.from(html);

describe('templates', () => {
  const body = page(
    `<script nonce="${placeholders.nonce}">1</script><input name="token" value="${placeholders.token}">` +
      `<p>Привет</p><script nonce="${placeholders.nonce}">2</script>`,
  );

  it('puts each answer’s values in place of every placeholder', () => {
    const template = splitTemplate(body, placeholders);
    expect([...template.slots].sort()).toEqual(['nonce', 'token']);
    const filled = fillTemplate(template, { nonce: 'N1', token: 'T1' }).toString();
    expect(filled).toBe(
      '<script nonce="N1">1</script><input name="token" value="T1"><p>Привет</p><script nonce="N1">2</script>',
    );
  });

  it('builds a valid gzip stream around fresh values, compressed once', () => {
    const cached = buildCachedPage(200, [], Buffer.concat([body, Buffer.alloc(200_000, 'a')]), placeholders);
    for (const values of [
      { nonce: 'abc+/==', token: '1795417483014.HPGB7o1iIv76r7ixmw2YQfMnNmDQrZ5P' },
      { nonce: 'x'.repeat(70_000), token: '' },
    ]) {
      const identity = fillTemplate(cached.template, values);
      const gzipped = fillGzip(cached.gzip, values, identity);
      expect(zlib.gunzipSync(gzipped).equals(identity)).toBe(true);
      // As sent: piece by piece, the CRC counted over the pieces.
      const pieces = gzipParts(cached.gzip, values, fillParts(cached.template, values));
      expect(zlib.gunzipSync(Buffer.concat(pieces)).equals(identity)).toBe(true);
      expect(gzipped.length).toBeLessThan(identity.length);
    }
  });

  it('a page without placeholders is stored and sent as it is', () => {
    const cached = buildCachedPage(200, [], page('<p>plain</p>'), placeholders);
    expect(cached.template.slots.size).toBe(0);
    const identity = fillTemplate(cached.template, { nonce: 'n', token: 't' });
    expect(zlib.gunzipSync(fillGzip(cached.gzip, { nonce: 'n', token: 't' }, identity)).toString()).toBe(
      '<p>plain</p>',
    );
  });

  it('renders with placeholders only inside a cache render', () => {
    expect(renderPlaceholders()).toBeNull();
    expect(runWithPlaceholders(placeholders, () => renderPlaceholders()?.token)).toBe(placeholders.token);
  });
});

describe('keys and lifetimes', () => {
  afterEach(() => vi.useRealTimers());

  it('a new day in the club’s zone is a new key: the schedule of the day before is never served', () => {
    vi.useFakeTimers();
    const zone = 'Asia/Yekaterinburg'; // UTC+5
    vi.setSystemTime(new Date('2026-11-23T18:59:00Z')); // 23:59 local
    const before = renderCacheKey({
      kind: 'document',
      origin: 'http://x',
      url: '/shedule',
      gymId: 1,
      today: todayIn(zone),
    });
    expect(msUntilNextMidnight(zone)).toBe(60_000);
    vi.setSystemTime(new Date('2026-11-23T19:00:01Z')); // 00:00:01 local, the next day
    const after = renderCacheKey({
      kind: 'document',
      origin: 'http://x',
      url: '/shedule',
      gymId: 1,
      today: todayIn(zone),
    });
    expect(after).not.toBe(before);
    expect(msUntilNextMidnight(zone)).toBe(24 * 60 * 60 * 1000 - 1000);
  });

  it('an entry expires at the club’s next midnight', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T18:00:00Z')); // 23:00 in Yekaterinburg
    const store = createRenderStore({ maxEntries: 10, maxBytes: 1_000_000 });
    const cached = buildCachedPage(200, [], page('<p>day</p>'), placeholders);
    store.set('k', cached, msUntilNextMidnight('Asia/Yekaterinburg'), store.generation);
    vi.advanceTimersByTime(59 * 60 * 1000);
    expect(store.get('k')).toBeDefined();
    vi.advanceTimersByTime(61 * 1000);
    expect(store.get('k')).toBeUndefined();
  });

  it('keys differ by gym, kind and query, never by anything personal', () => {
    const base = { kind: 'document', origin: 'http://x', url: '/', gymId: 1, today: '2026-11-23' } as const;
    const keys = new Set([
      renderCacheKey(base),
      renderCacheKey({ ...base, gymId: 2 }),
      renderCacheKey({ ...base, kind: 'data' }),
      renderCacheKey({ ...base, url: '/?bid=sent&form=trial' }),
    ]);
    expect(keys.size).toBe(4);
  });
});

describe('the store', () => {
  it('is bounded by bytes, least recently used out first', () => {
    const store = createRenderStore({ maxEntries: 100, maxBytes: 10_000 });
    const big = () => buildCachedPage(200, [], Buffer.alloc(3_000, 'z'), placeholders);
    for (const key of ['a', 'b', 'c', 'd']) store.set(key, big(), 60_000, store.generation);
    expect(store.bytes).toBeLessThanOrEqual(10_000);
    expect(store.get('a')).toBeUndefined();
    expect(store.get('d')).toBeDefined();
  });

  it('drops everything on an edit, and a render begun before the edit is not stored after it', () => {
    const store = createRenderStore({ maxEntries: 100, maxBytes: 1_000_000 });
    const cached = buildCachedPage(200, [], page('<p>x</p>'), placeholders);
    store.set('a', cached, 60_000, store.generation);
    const begun = store.generation;
    store.clear();
    expect(store.get('a')).toBeUndefined();
    expect(store.set('b', cached, 60_000, begun)).toBe(false);
    expect(store.get('b')).toBeUndefined();
  });
});

describe('requests', () => {
  const request = (method: string, path: string, cookie?: string) => ({
    method,
    path,
    headers: cookie ? { cookie } : {},
  });

  it('only GET/HEAD of public paths may use the cache; cookies alone never pass it by', () => {
    expect(bypassReason(request('GET', '/'))).toBeNull();
    expect(bypassReason(request('HEAD', '/coaches'))).toBeNull();
    expect(bypassReason(request('GET', '/', 'gym=2; _ym_uid=1'))).toBeNull();
    expect(bypassReason(request('POST', '/'))).toBe('method');
    expect(bypassReason(request('GET', '/admin/coaches'))).toBe('path');
    expect(bypassReason(request('GET', '/admin.data'))).toBe('path');
    expect(bypassReason(request('GET', '/login'))).toBe('path');
    // A staff session is confirmed with the database (tests/integration/page-cache.test.ts); a flash message is
    // shown only in the staff area.
    expect(bypassReason(request('GET', '/', 'gym=1; staff_session=abc'))).toBeNull();
    expect(bypassReason(request('GET', '/', 'flash=abc'))).toBeNull();
  });

  it('stores a page only for query parameters its loaders accepted, each once, and known routes in `_routes`', () => {
    const routes = new Set(['root', 'layouts/nested', 'routes/site/coaches']);
    expect(storableQuery('', new Set(), routes)).toBe(true);
    expect(storableQuery('?week=2026-W50', new Set(['week']), routes)).toBe(true);
    expect(storableQuery('?week=2026-W50&utm_source=x', new Set(['week']), routes)).toBe(false);
    expect(storableQuery('?week=a&week=b', new Set(['week']), routes)).toBe(false);
    expect(storableQuery('?_routes=layouts/nested,routes/site/coaches', new Set(), routes)).toBe(true);
    expect(storableQuery('?_routes=layouts/nested,routes/admin/dashboard', new Set(), routes)).toBe(false);
  });

  it('never caches a visitor’s booking nor the page that shows a just-made sign-up’s link', () => {
    expect(bypassReason(request('GET', '/b/0123456789abcdefABCDEF'))).toBe('path');
    expect(bypassReason(request('GET', '/b/0123456789abcdefABCDEF/booking.ics'))).toBe('path');
    expect(bypassReason(request('GET', '/b/0123456789abcdefABCDEF.data'))).toBe('path');
    // The page that shows a just-made sign-up's link reads that cookie only with `?signup=`, which no loader
    // accepts, so it is never stored; and its answer is private. The cookie alone passes nothing by.
    expect(bypassReason(request('GET', '/shedule/signup', 'signup_link=abc'))).toBeNull();
    expect(storableQuery('?slot=1&date=2026-11-27&signup=booked', new Set(['slot', 'date']), new Set())).toBe(false);
    expect(bypassReason(request('GET', '/bids'))).toBeNull();
  });

  it('reads If-None-Match and Accept-Encoding as browsers send them', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
