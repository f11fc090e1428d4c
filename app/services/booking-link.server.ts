/**
 * The manage link of a sign-up, `/b/<token>` (docs/product/signups.md, "The manage link"). The database keeps a
 * random 128-bit nonce and the SHA-256 of the token; the token itself is derived from the nonce with a key drawn
 * from the session secret. A copy of the database alone therefore opens no booking, and messages written later (a
 * reminder, a cancelled session) can still carry the link (docs/decisions/0043-visitor-messages-through-the-outbox.md).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { MANAGE_TOKEN_PATTERN, managePath } from '#app/lib/booking.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^22 > 2^128: every 128-bit value has a 22-character spelling. */
const TOKEN_LENGTH = 22;

function base62(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(TOKEN_LENGTH, '0');
}

function linkKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('booking-link').digest();
}

export function newManageNonce(): string {
  return randomBytes(16).toString('hex');
}

/** The token of a nonce: 128 bits of an HMAC, in base62 (22 characters, short enough for an SMS). */
export function manageToken(sessionSecret: string, nonce: string): string {
  return base62(createHmac('sha256', linkKey(sessionSecret)).update(nonce).digest().subarray(0, 16));
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh link's stored parts and its token. */
export function issueManageLink(sessionSecret: string) {
  const nonce = newManageNonce();
  const token = manageToken(sessionSecret, nonce);
  return { nonce, token, tokenHash: hashManageToken(token) };
}

/** The hash to look a token up by, or null for anything that is not a token's shape (answered like an unknown one). */
export function lookupHash(token: string): string | null {
  return MANAGE_TOKEN_PATTERN.test(token) ? hashManageToken(token) : null;
}

/** The absolute link for a message (PUBLIC_URL), or the path when no public address is set. */
export function manageUrl(origin: string | undefined, sessionSecret: string, nonce: string): string {
  return `${origin ?? ''}${managePath(manageToken(sessionSecret, nonce))}`;
}
