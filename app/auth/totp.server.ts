/**
 * The building blocks of two-factor sign-in (docs/staff-auth.md), without the database: TOTP codes through the
 * `otpauth` library with the RFC 6238 defaults every authenticator app understands, recovery codes, the QR code and
 * the encryption of stored secrets. The rules that need the database (replay, single use, throttling) live in
 * two-factor.server.ts and use these.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 defaults: HMAC-SHA-1, 6 digits, 30-second steps. Apps that ignore the URI parameters assume these. */
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now: the phone's clock may be a little off, and typing takes time. */
export const TOTP_WINDOW = 1;
/** 160 bits, the key length RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

export const RECOVERY_CODE_COUNT = 10;
/** 32 letters and digits without i, l, o, u (easily misread): each character carries 5 bits. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** Two groups of five: 50 random bits, far beyond guessing within the throttling limits. */
const RECOVERY_GROUP = 5;

/** A new random secret, base32 as authenticator apps expect it. */
export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totp(secret: string, account = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The `otpauth://totp/…` URI an app reads from the QR code. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

/** The QR code of `uri` as an SVG data URL: drawn on the server, allowed by the page's `img-src data:`. */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** `ABCD EFGH …`: easier to type into an app by hand; apps ignore the spaces. */
export function formatSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The number of the 30-second step `now` falls into (the counter of RFC 6238). */
export function totpStep(now: number = Date.now()): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now });
}

/** The code of `secret` for the step `now` falls into (tests and the setup page's own checks use it). */
export function totpCode(secret: string, now: number = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}

/**
 * The time step `code` belongs to, when it is the code of a step within ±1 of `now`; null otherwise.
 * Says nothing about replay: the caller must still check the step against the last accepted one.
 */
export function matchTotpStep(secret: string, code: string, now: number = Date.now()): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

/**
 * Replay rule: a code is accepted only for a step later than the last accepted one. So the same code cannot be used
 * twice within its window, and neither can an older one that was never used.
 */
export function isFreshStep(step: number, lastAcceptedStep: number | null): boolean {
  return lastAcceptedStep === null || step > lastAcceptedStep;
}

export type TypedCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/** One field takes both kinds of code: six digits are an app code, ten letters and digits a recovery code. */
export function classifyCode(raw: string): TypedCode | null {
  const compact = raw.replace(/[\s-]/g, '').toLowerCase().slice(0, 64);
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(compact)) return { kind: 'totp', code: compact };
  const recovery = normaliseRecoveryCode(compact);
  return recovery ? { kind: 'recovery', code: recovery } : null;
}

/** `k3m9x-2hq7p`: ten characters of RECOVERY_ALPHABET in two groups. */
export function generateRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let i = 0; i < RECOVERY_GROUP * 2; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    codes.add(`${code.slice(0, RECOVERY_GROUP)}-${code.slice(RECOVERY_GROUP)}`);
  }
  return [...codes];
}

/** Lower case without spaces and dashes, or null when it cannot be a recovery code. */
export function normaliseRecoveryCode(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, '').toLowerCase();
  const pattern = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_GROUP * 2}}$`);
  return pattern.test(compact) ? compact : null;
}

/** The marker of a keyed recovery-code hash; a value without it is from before keys (plain SHA-256). */
export const KEYED_HASH_PREFIX = 'k1:';

/** The unkeyed digest of a code: what recovery codes were stored as before they were keyed. */
function recoveryCodeDigest(code: string): string {
  const compact = code.replace(/[\s-]/g, '').toLowerCase();
  return createHash('sha256').update(`recovery-code:${compact}`).digest('hex');
}

/**
 * Recovery codes are stored keyed: an HMAC-SHA-256, under a key derived from the session secret (like the TOTP
 * key), of the code's SHA-256. A slow password hash is not needed — each code has 50 random bits — but without a
 * key a database dump alone would let anyone test all 2^50 codes offline (docs/staff-auth.md, "How secrets are
 * stored"). The HMAC is taken over the old unkeyed digest so that codes stored before can be re-keyed without
 * knowing them (`rekeyRecoveryCodeHash`).
 */
export function hashRecoveryCode(key: Buffer, code: string): string {
  return rekeyRecoveryCodeHash(key, recoveryCodeDigest(code));
}

/** The keyed form of a hash stored before keys; a keyed one comes back as it is. */
export function rekeyRecoveryCodeHash(key: Buffer, stored: string): string {
  if (stored.startsWith(KEYED_HASH_PREFIX)) return stored;
  return KEYED_HASH_PREFIX + createHmac('sha256', key).update(stored).digest('hex');
}

/** The key of stored recovery codes, derived from the session secret with HKDF (ADR 18, like the TOTP key). */
export function recoveryCodeKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'staff-recovery-codes', 'recovery-code-hmac v1', 32));
}

/**
 * The key that encrypts stored TOTP secrets, derived from the session secret with HKDF (see
 * docs/decisions/0018-two-factor-secrets-encrypted-with-a-derived-key.md).
 */
export function totpEncryptionKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'staff-totp', 'totp-secret-encryption v1', 32));
}

const FORMAT = 'v1';
const TAG_BYTES = 16;

/**
 * AES-256-GCM; the staff user's id is bound in as associated data, so a secret copied to another account's row
 * does not decrypt there.
 */
export function encryptTotpSecret(key: Buffer, staffUserId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(`staff:${staffUserId}`));
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv, encrypted, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

/** The secret, or null when the value was not encrypted with this key for this user (e.g. SESSION_SECRET changed). */
export function decryptTotpSecret(key: Buffer, staffUserId: number, stored: string): string | null {
  const [format, iv, encrypted, tag] = stored.split(':');
  if (format !== FORMAT || !iv || !encrypted || !tag) return null;
  try {
    // A fixed tag length: otherwise a truncated tag would be accepted and be easier to forge.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(`staff:${staffUserId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
