import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Database } from '#db/index.ts';

export interface RateLimitRule {
  /** Attempts allowed within the window. */
  points: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Points taken in the current window, this attempt included. */
  used: number;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter kept in PostgreSQL so that every instance behind the load balancer shares it
 * (SPEC §6). One atomic upsert per attempt; expired windows restart at 1.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const window = `${Math.max(1, Math.floor(rule.windowSeconds))} seconds`;
  const { rows } = await sql<{ points: number; retry_after: number }>`
    INSERT INTO rate_limits (key, points, expires_at)
    VALUES (${key}, 1, now() + ${window}::interval)
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN rate_limits.expires_at <= now() THEN 1 ELSE rate_limits.points + 1 END,
      expires_at = CASE WHEN rate_limits.expires_at <= now() THEN excluded.expires_at ELSE rate_limits.expires_at END
    RETURNING points, ceil(extract(epoch FROM expires_at - now()))::integer AS retry_after
  `.execute(db);
  const row = rows[0]!;
  return {
    allowed: row.points <= rule.points,
    used: row.points,
    remaining: Math.max(0, rule.points - row.points),
    retryAfterSeconds: Math.max(1, row.retry_after),
  };
}

/** Give back one point of a live window (an attempt that turned out to be legitimate). */
export async function refundRateLimit(db: Database, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ points: sql<number>`greatest(points - 1, 0)` })
    .where('key', '=', key)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
}

/** Forget a key (e.g. after a successful login). */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Housekeeping: drop expired windows. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.deleteFrom('rate_limits').where('expires_at', '<=', sql<Date>`now()`).execute();
}

/**
 * The part of a client address a limit counts by (docs/security.md, "Rate limits"): an IPv4 address as it is
 * (IPv4-mapped IPv6 included), an IPv6 address by its /64 network — one subscriber usually holds a whole /64 and
 * could otherwise rotate through 2^64 addresses.
 */
export function clientKey(ip: string | null): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return 'unknown';
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The `Retry-After` header every 429 answer carries. */
export function retryAfterHeaders(seconds: number): Record<string, string> {
  return { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) };
}

/** `через 5 минут` style text for the Russian messages. */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `через ${seconds} с`;
  return `через ${Math.ceil(seconds / 60)} мин`;
}
