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

/** Keys carry what clients send (an email): PostgreSQL text cannot hold a NUL, so it is written as U+FFFD. */
function storableKey(key: string): string {
  return key.includes('\0') ? key.replaceAll('\0', '\uFFFD') : key;
}

/**
 * A fixed-window counter kept in PostgreSQL so that every instance behind the load balancer shares it
 * (docs/architecture.md). One atomic upsert per attempt; expired windows restart at 1.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  key = storableKey(key);
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

/** The longest wait of the refused results, or null when every one allowed the attempt. */
export function refusedFor(...results: RateLimitResult[]): number | null {
  const refused = results.filter((result) => !result.allowed);
  return refused.length ? Math.max(...refused.map((result) => result.retryAfterSeconds)) : null;
}

/** Give back one point of a live window (an attempt that turned out to be legitimate). */
export async function refundRateLimit(db: Database, key: string): Promise<void> {
  key = storableKey(key);
  await db
    .updateTable('rate_limits')
    .set({ points: sql<number>`greatest(points - 1, 0)` })
    .where('key', '=', key)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
}

/** Forget a key (e.g. after a successful login). */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', storableKey(key)).execute();
}

/** Housekeeping: drop expired windows; returns how many went. */
export async function pruneRateLimits(db: Database): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
