/**
 * Attempts at a secret — a password or a code — counted in fixed windows in PostgreSQL (docs/security.md, "Login
 * throttling"; docs/staff-auth.md, "Wrong codes"). Every attempt takes a point from each window before the check,
 * atomically, so parallel guesses cannot slip past a limit and a throttled attacker costs no (slow) check; a right
 * secret then gives the windows back, so only failures stay counted.
 */
import { retryAfterHeaders, retryAfterText } from '#app/infra/too-many-requests.server.ts';
import {
  consumeRateLimit,
  type RateLimitResult,
  type RateLimitRule,
  refundRateLimit,
  refusedFor,
  resetRateLimit,
} from '#app/models/rate-limit.server.ts';
import type { Database } from '#db/index.ts';

export interface AttemptWindow {
  key: string;
  rule: RateLimitRule;
  /** After a right secret: `reset` forgets the window, `refund` gives this attempt's point back. */
  onSuccess: 'reset' | 'refund';
}

export type Attempt<T> =
  /** The check ran: its result, null for a wrong secret. */
  | { refused: false; result: T | null }
  /**
   * Over a limit: the check did not run. `lockoutStarted` marks the first refused attempt of a window (logged once);
   * `results` are the windows' counts, in the order given.
   */
  | { refused: true; retryAfterSeconds: number; lockoutStarted: boolean; results: RateLimitResult[] };

/** One attempt under `windows`: `check` returns null for a wrong secret. */
export async function limitedAttempt<T>(
  db: Database,
  windows: readonly AttemptWindow[],
  check: () => Promise<T | null>,
): Promise<Attempt<T>> {
  const results = await Promise.all(windows.map((window) => consumeRateLimit(db, window.key, window.rule)));
  const wait = refusedFor(...results);
  if (wait !== null) {
    const lockoutStarted = results.some((result, i) => result.used === windows[i]!.rule.points + 1);
    return { refused: true, retryAfterSeconds: wait, lockoutStarted, results };
  }
  const result = await check();
  if (result !== null) {
    await Promise.all(
      windows.map((window) =>
        window.onSuccess === 'reset' ? resetRateLimit(db, window.key) : refundRateLimit(db, window.key),
      ),
    );
  }
  return { refused: false, result };
}

/** A refused attempt; the message is Russian and safe to show next to the field. Answered with 400. */
export class RefusedAttempt extends Error {
  override name = 'RefusedAttempt';
}

/** Too many failed attempts (`Слишком много попыток <of>. Попробуйте снова через N мин.`): 429 with `Retry-After`. */
export class ThrottledAttempt extends RefusedAttempt {
  override name = 'ThrottledAttempt';
  readonly retryAfterSeconds: number;
  constructor(of: string, retryAfterSeconds: number) {
    super(`Слишком много попыток ${of}. Попробуйте снова ${retryAfterText(retryAfterSeconds)}.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A refused attempt as an answer's error text and status (429 with `Retry-After` over a limit, else 400); null for other errors. */
export function refusedAnswer(error: unknown): { message: string; init: ResponseInit } | null {
  if (error instanceof ThrottledAttempt) {
    return { message: error.message, init: { status: 429, headers: retryAfterHeaders(error.retryAfterSeconds) } };
  }
  return error instanceof RefusedAttempt ? { message: error.message, init: { status: 400 } } : null;
}
