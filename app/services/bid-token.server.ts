import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A signed "form shown at" timestamp for the bid forms' hidden field. Bots post within milliseconds of
 * loading a page; people take seconds. The signature stops a bot from simply back-dating the field.
 */
export const MIN_FILL_MS = 2_500;
/** Cached pages may carry an older token; a day is more than any cache keeps a page. */
export const TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function sign(secret: string, issuedAt: number): string {
  return createHmac('sha256', secret).update(`bid-form:${issuedAt}`).digest('base64url').slice(0, 32);
}

export function issueBidToken(secret: string, now: number = Date.now()): string {
  return `${now}.${sign(secret, now)}`;
}

export type BidTokenCheck = 'ok' | 'too-fast' | 'expired' | 'invalid';

export function checkBidToken(secret: string, token: unknown, now: number = Date.now()): BidTokenCheck {
  if (typeof token !== 'string' || token.length > 100) return 'invalid';
  const [issued, signature] = token.split('.');
  const issuedAt = Number(issued);
  if (!issued || !signature || !Number.isSafeInteger(issuedAt)) return 'invalid';
  const expected = Buffer.from(sign(secret, issuedAt));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  if (now - issuedAt < MIN_FILL_MS) return 'too-fast';
  if (now - issuedAt > TOKEN_MAX_AGE_MS) return 'expired';
  return 'ok';
}
