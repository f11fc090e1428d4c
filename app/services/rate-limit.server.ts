import { sql } from 'kysely';
import type { Database } from '#db/index.ts';

export interface RateLimitRule {
  /** Attempts allowed within the window. */
  points: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
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
    remaining: Math.max(0, rule.points - row.points),
    retryAfterSeconds: Math.max(1, row.retry_after),
  };
}

/** Forget a key (e.g. after a successful login). */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Housekeeping: drop expired windows. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.deleteFrom('rate_limits').where('expires_at', '<=', sql<Date>`now()`).execute();
}

/** `через 5 минут` style text for the Russian messages. */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `через ${seconds} с`;
  return `через ${Math.ceil(seconds / 60)} мин`;
}
