/**
 * The render cache of public pages (docs/http-caching.md, ADR 33 in docs/decisions): a finished page is kept in the
 * process with its per-response values (the CSP nonce, the bid-form token) as placeholders, and every answer gets
 * fresh values substituted at send time. The gzip variant is compressed once, when the page is stored: each
 * stretch between placeholders is its own sync-flushed deflate run, and the values go in as stored (uncompressed)
 * deflate blocks, so no answer compresses anything.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** The values every answer gets fresh. */
export interface PerResponseValues {
  nonce: string;
  token: string;
}
type Slot = keyof PerResponseValues;

/** Unique random strings a cached render carries instead of the per-response values (letters and digits only). */
export interface Placeholders {
  nonce: string;
  token: string;
}

export function createPlaceholders(): Placeholders {
  return {
    nonce: `rcNonce${crypto.randomBytes(12).toString('hex')}`,
    token: `rcToken${crypto.randomBytes(12).toString('hex')}`,
  };
}

/**
 * What a page rendered for the cache tells it about itself, from its loaders (docs/http-caching.md): which query
 * parameters it checked and found valid — only those may be part of a stored page's key — and the earliest moment
 * its content changes by the clock alone (a session it shows starts).
 */
export interface RenderNotes {
  acceptedParams: Set<string>;
  /** Milliseconds since the epoch; null when only the date matters. */
  expiresAt: number | null;
}

interface RenderScope {
  placeholders: Placeholders;
  notes: RenderNotes;
}

/**
 * One store per process, shared by name: a second copy of this module in the process (the development server's
 * reload after a change, a test loading it from source beside the build) must see the same store.
 */
const STORE_KEY = Symbol.for('sports-club.render-cache.scope');
const shared = globalThis as Record<symbol, unknown>;
if (!shared[STORE_KEY]) shared[STORE_KEY] = new AsyncLocalStorage<RenderScope>();
const scopeStore = shared[STORE_KEY] as AsyncLocalStorage<RenderScope>;

export function createRenderNotes(): RenderNotes {
  return { acceptedParams: new Set(), expiresAt: null };
}

/**
 * Runs `fn` as a render for the cache: `renderPlaceholders()` answers the placeholders inside it, and the page's
 * loaders write their notes into `notes`.
 */
export function runWithPlaceholders<T>(
  placeholders: Placeholders,
  fn: () => T,
  notes: RenderNotes = createRenderNotes(),
): T {
  return scopeStore.run({ placeholders, notes }, fn);
}

/** The placeholders when the current request renders for the cache, else null (render real values). */
export function renderPlaceholders(): Placeholders | null {
  return scopeStore.getStore()?.placeholders ?? null;
}

/**
 * A loader found these query parameters valid (a known week, a trend that exists): the page may be stored under a
 * key holding them. Parameters nobody accepts make the page render without being stored. No-op outside a render
 * for the cache.
 */
export function acceptCacheParams(...names: string[]): void {
  const notes = scopeStore.getStore()?.notes;
  if (notes) for (const name of names) notes.acceptedParams.add(name);
}

/** The page's content changes at `moment` by the clock alone: a stored copy must not outlive it. */
export function expireRenderAt(moment: number): void {
  const notes = scopeStore.getStore()?.notes;
  if (notes && (notes.expiresAt === null || moment < notes.expiresAt)) notes.expiresAt = moment;
}

type Part = Buffer | Slot;

/** A page split at its placeholders. */
export interface PageTemplate {
  parts: Part[];
  slots: Set<Slot>;
}

export function splitTemplate(body: Buffer, placeholders: Placeholders): PageTemplate {
  const hits: { at: number; slot: Slot; length: number }[] = [];
  for (const slot of ['nonce', 'token'] as const) {
    const marker = Buffer.from(placeholders[slot]);
    for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, at + marker.length)) {
      hits.push({ at, slot, length: marker.length });
    }
  }
  hits.sort((a, b) => a.at - b.at);
  const parts: Part[] = [];
  let from = 0;
  for (const hit of hits) {
    if (hit.at > from) parts.push(body.subarray(from, hit.at));
    parts.push(hit.slot);
    from = hit.at + hit.length;
  }
  if (from < body.length) parts.push(body.subarray(from));
  return { parts, slots: new Set(hits.map((hit) => hit.slot)) };
}

/** The page's pieces with the values in place of its placeholders (the static pieces are not copied). */
export function fillParts(template: PageTemplate, values: PerResponseValues): Buffer[] {
  return template.parts.map((part) => (typeof part === 'string' ? Buffer.from(values[part]) : part));
}

/** The page with the values in place of its placeholders. */
export function fillTemplate(template: PageTemplate, values: PerResponseValues): Buffer {
  return Buffer.concat(fillParts(template, values));
}

// --- gzip, compressed once --------------------------------------------------------------------------------------

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
/** An empty final stored block: ends the deflate stream. */
const DEFLATE_END = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

type GzipPart = Buffer | Slot;

/**
 * Each static stretch deflated on its own and sync-flushed: it ends byte-aligned, refers to nothing before it,
 * and is not final, so stretches and stored blocks can follow each other in one valid deflate stream.
 */
export function precompressGzip(template: PageTemplate): GzipPart[] {
  return template.parts.map((part) =>
    typeof part === 'string' ? part : zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  );
}

/** A stored deflate block (not final) holding `bytes` as they are. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 0xffff) {
    const chunk = bytes.subarray(at, at + 0xffff);
    const head = Buffer.alloc(5);
    head[0] = 0x00;
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
  }
  return blocks;
}

/** The gzip answer's pieces: the precompressed stretches, the values as stored blocks, the trailer over `identity`. */
export function gzipParts(parts: GzipPart[], values: PerResponseValues, identity: Buffer[]): Buffer[] {
  const pieces: Buffer[] = [GZIP_HEADER];
  for (const part of parts) {
    if (typeof part === 'string') pieces.push(...storedBlocks(Buffer.from(values[part])));
    else pieces.push(part);
  }
  let crc = 0;
  let size = 0;
  for (const piece of identity) {
    crc = zlib.crc32(piece, crc);
    size += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(DEFLATE_END, trailer);
  return pieces;
}

/** The gzip answer as one buffer. */
export function fillGzip(parts: GzipPart[], values: PerResponseValues, identity: Buffer): Buffer {
  return Buffer.concat(gzipParts(parts, values, [identity]));
}

// --- keys, lifetimes -----------------------------------------------------------------------------------------------

export interface CacheKeyParts {
  /** `document` for an HTML page, `data` for its `.data` twin (client-side navigation). */
  kind: 'document' | 'data';
  /** The page's public origin: the one its canonical URLs are built from (see `requestOrigin`). */
  origin: string;
  /** Path and query as requested. */
  url: string;
  /** The resolved active gym (from the cookie); null when no gym is published. */
  gymId: number | null;
  /** Today in the gym's time zone, `YYYY-MM-DD`: a new day is a new key. */
  today: string;
}

export function renderCacheKey(parts: CacheKeyParts): string {
  return [parts.kind, parts.origin, parts.gymId ?? '-', parts.today, parts.url].join('|');
}

/**
 * Whether a page rendered for `search` may be stored: every query parameter was accepted by the page's loaders
 * (`acceptCacheParams`), or is React Router's own `_routes` naming known routes; none appears twice. Anything else
 * — a random parameter, a far-off date — renders without filling the cache.
 */
export function storableQuery(search: string, accepted: ReadonlySet<string>, routeIds: ReadonlySet<string>): boolean {
  const params = new URLSearchParams(search);
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (seen.has(name)) return false;
    seen.add(name);
    if (name === '_routes') {
      if (!value.split(',').every((id) => routeIds.has(id))) return false;
    } else if (!accepted.has(name)) return false;
  }
  return true;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds from `now` to the next midnight in `timeZone` (at least one second, at most a day). */
export function msUntilNextMidnight(timeZone: string, now: Date = new Date()): number {
  const fields = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const elapsed =
    (Number(fields.hour) * 3600 + Number(fields.minute) * 60 + Number(fields.second)) * 1000 + now.getMilliseconds();
  return Math.min(DAY_MS, Math.max(1000, DAY_MS - elapsed));
}

// --- the store -------------------------------------------------------------------------------------------------

export interface CachedPage {
  status: number;
  /** The headers the page itself set (content type, cache control, vary…), not the server's per-request ones. */
  headers: [string, string][];
  template: PageTemplate;
  gzip: GzipPart[];
  etag: string;
  bytes: number;
}

export function buildCachedPage(status: number, headers: [string, string][], body: Buffer, placeholders: Placeholders) {
  const template = splitTemplate(body, placeholders);
  const gzip = precompressGzip(template);
  const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  const bytes =
    body.length +
    gzip.reduce((sum, part) => sum + (typeof part === 'string' ? 0 : part.length), 0) +
    headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) +
    256;
  return { status, headers, template, gzip, etag, bytes } satisfies CachedPage;
}

export interface RenderStoreOptions {
  maxEntries: number;
  maxBytes: number;
}

/** LRU-bounded by entries and bytes; each entry lives until its own deadline (the club's next midnight). */
export function createRenderStore({ maxEntries, maxBytes }: RenderStoreOptions) {
  const lru = new LRUCache<string, CachedPage>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (page) => page.bytes,
    ttlAutopurge: false,
    // Wall-clock time: entries end at a midnight, and tests move the clock.
    perf: { now: () => Date.now() },
  });
  /** Bumped on every clear: a render that began before an edit must not be stored after it. */
  let generation = 0;
  return {
    get: (key: string) => lru.get(key),
    set(key: string, page: CachedPage, ttlMs: number, startedInGeneration: number) {
      if (startedInGeneration !== generation) return false;
      if (page.bytes > maxBytes) return false;
      lru.set(key, page, { ttl: ttlMs });
      return true;
    },
    clear() {
      generation += 1;
      lru.clear();
    },
    get generation() {
      return generation;
    },
    get size() {
      return lru.size;
    },
    get bytes() {
      return lru.calculatedSize;
    },
  };
}
export type RenderStore = ReturnType<typeof createRenderStore>;

/** Whether `If-None-Match` names `etag` (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/** Whether the client takes gzip (`Accept-Encoding`, honouring `q=0`). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  for (const item of acceptEncoding.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
