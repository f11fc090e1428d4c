import { createHmac, timingSafeEqual } from 'node:crypto';
import { MIN_FILL_MS } from '#app/lib/bid-form.ts';

/**
 * A signed "form shown at" timestamp for the bid forms' hidden field (the rules are in docs/bid-form.md). Bots post
 * within milliseconds of loading a page; people take seconds. The signature stops a bot from back-dating the field.
 *
 * Two shapes:
 * - `<issuedAt>.<signature>` — a form as a page first shows it: refused when sent sooner than the minimum fill time
 *   (`MIN_FILL_MS`, or the `BID_MIN_FILL_MS` setting);
 * - `<issuedAt>.a.<signature>` — a form that came back with errors ("answered"): it keeps the time the form was
 *   first shown, and it is never refused for speed (the visitor may only have ticked the forgotten checkbox).
 */
/** Cached pages may carry an older token; a day is more than any cache keeps a page. */
export const TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const ANSWERED = 'a';

function sign(secret: string, issuedAt: number, answered: boolean): string {
  const payload = answered ? `bid-form:${issuedAt}:${ANSWERED}` : `bid-form:${issuedAt}`;
  return createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 32);
}

export function issueBidToken(secret: string, now: number = Date.now(), answered = false): string {
  const signature = sign(secret, now, answered);
  return answered ? `${now}.${ANSWERED}.${signature}` : `${now}.${signature}`;
}

interface BidToken {
  issuedAt: number;
  answered: boolean;
}

/** The token's contents when its signature is right; null for anything else. */
function readBidToken(secret: string, token: unknown): BidToken | null {
  if (typeof token !== 'string' || token.length > 100) return null;
  const parts = token.split('.');
  if (parts.length !== 2 && !(parts.length === 3 && parts[1] === ANSWERED)) return null;
  const issued = parts[0];
  const signature = parts.at(-1);
  const issuedAt = Number(issued);
  if (!issued || !signature || !Number.isSafeInteger(issuedAt)) return null;
  const answered = parts.length === 3;
  const expected = Buffer.from(sign(secret, issuedAt, answered));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { issuedAt, answered };
}

/** The signed time the form was first shown, or null for a token that is not ours. */
export function bidTokenIssuedAt(secret: string, token: unknown): number | null {
  return readBidToken(secret, token)?.issuedAt ?? null;
}

export type BidTokenCheck = 'ok' | 'too-fast' | 'expired' | 'invalid';

export function checkBidToken(
  secret: string,
  token: unknown,
  now: number = Date.now(),
  minFillMs: number = MIN_FILL_MS,
): BidTokenCheck {
  const read = readBidToken(secret, token);
  if (!read) return 'invalid';
  if (now - read.issuedAt > TOKEN_MAX_AGE_MS) return 'expired';
  if (!read.answered && now - read.issuedAt < minFillMs) return 'too-fast';
  return 'ok';
}

/**
 * The token an error answer carries back to the form: the original issue time when the sent token was genuine and
 * still fresh (the day limit keeps counting from the first showing), marked as answered so the next send is not
 * refused for speed. A forged, malformed or day-old token gives way to a new one issued now.
 */
export function answeredBidToken(secret: string, sent: unknown, now: number = Date.now()): string {
  const read = readBidToken(secret, sent);
  const fresh = read !== null && now - read.issuedAt <= TOKEN_MAX_AGE_MS && read.issuedAt <= now;
  return issueBidToken(secret, fresh ? read.issuedAt : now, true);
}
