import { createHash } from 'node:crypto';
import { Secret, type TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  classifyCode,
  decryptTotpSecret,
  encryptTotpSecret,
  formatSecret,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  isFreshStep,
  matchTotpStep,
  normaliseRecoveryCode,
  qrCodeDataUrl,
  recoveryCodeKey,
  rekeyRecoveryCodeHash,
  totpCode,
  totpEncryptionKey,
  totpStep,
  totpUri,
} from '#app/auth/totp.server.ts';
import { isTwoFactorRequired, secondStepAfterPassword } from '#app/auth/two-factor.server.ts';

/** RFC 6238, appendix B: the SHA-1 seed "12345678901234567890" and its 8-digit codes; ours are the last six digits. */
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP codes', () => {
  it('computes the RFC 6238 test vectors with SHA-1, 30-second steps, six digits', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6));
    }
  });

  it('accepts the code of the current step and of one step either side, and says which step it was', () => {
    const secret = generateTotpSecret();
    const now = Date.UTC(2026, 10, 28, 12, 0, 10);
    const step = totpStep(now);
    expect(matchTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses a code two steps away, a code of another secret and anything but six digits', () => {
    const secret = generateTotpSecret();
    const now = Date.UTC(2026, 10, 28, 12, 0, 10);
    expect(matchTotpStep(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, now + 60_000), now)).toBeNull();
    const other = generateTotpSecret();
    expect(matchTotpStep(secret, totpCode(other, now), now)).toBeNull();
    expect(matchTotpStep(secret, '12345', now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
    expect(matchTotpStep(secret, `${totpCode(secret, now)}0`, now)).toBeNull();
  });

  it('refuses a replayed code: only steps later than the last accepted one are fresh', () => {
    expect(isFreshStep(100, null)).toBe(true);
    expect(isFreshStep(101, 100)).toBe(true);
    expect(isFreshStep(100, 100)).toBe(false);
    expect(isFreshStep(99, 100)).toBe(false);
  });

  it('makes a 160-bit base32 secret and an otpauth URI any authenticator app reads', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri(secret, 'anna@club.test', 'Атлетика');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const url = new URL(uri);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Атлетика');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain('anna@club.test');
    // What an app would do with it: the same codes.
    const app = URI.parse(uri) as TOTP;
    expect(app.generate({ timestamp: 59_000 })).toBe(totpCode(secret, 59_000));
  });

  it('draws the QR code on the server as an SVG data URL', async () => {
    const dataUrl = await qrCodeDataUrl(totpUri(generateTotpSecret(), 'anna@club.test', 'Атлетика'));
    expect(dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(dataUrl.split(',')[1]!, 'base64').toString();
    expect(svg).toContain('<svg');
  });

  it('shows the secret in groups of four', () => {
    expect(formatSecret('ABCDEFGHIJKLMNOP')).toBe('ABCD EFGH IJKL MNOP');
  });
});

describe('recovery codes', () => {
  it('makes ten different codes of two groups of five letters and digits', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it('accepts a code typed in capitals, with spaces or without the dash, and hashes it the same way', () => {
    const [code] = generateRecoveryCodes(1);
    const normalised = normaliseRecoveryCode(code!);
    expect(normalised).toBe(code!.replace('-', ''));
    expect(normaliseRecoveryCode(` ${code!.toUpperCase().replace('-', ' ')} `)).toBe(normalised);
    // Stored from the code as shown, checked from the code as typed.
    const key = recoveryCodeKey('a-session-secret-of-at-least-32-characters');
    expect(hashRecoveryCode(key, code!)).toBe(hashRecoveryCode(key, normalised!));
    expect(hashRecoveryCode(key, normalised!)).not.toContain(normalised!);
  });

  it('stores codes keyed by the session secret, so a dump alone cannot test a code', () => {
    const [code] = generateRecoveryCodes(1);
    const compact = normaliseRecoveryCode(code!)!;
    const stored = hashRecoveryCode(recoveryCodeKey('a-session-secret-of-at-least-32-characters'), code!);
    // Neither the code nor its plain digest (what a dump of the old format gave away) is in the stored value.
    const plainDigest = createHash('sha256').update(`recovery-code:${compact}`).digest('hex');
    expect(stored).not.toContain(plainDigest);
    expect(stored).not.toContain(compact);
    // Another secret, another value: without the key there is nothing to compare a guess with.
    expect(hashRecoveryCode(recoveryCodeKey('another-session-secret-of-32-characters!'), code!)).not.toBe(stored);
    // A code stored in the old, unkeyed form gets the same keyed value as the code itself.
    const key = recoveryCodeKey('a-session-secret-of-at-least-32-characters');
    expect(rekeyRecoveryCodeHash(key, plainDigest)).toBe(stored);
    expect(rekeyRecoveryCodeHash(key, stored)).toBe(stored);
  });

  it('refuses what cannot be a recovery code', () => {
    expect(normaliseRecoveryCode('abc')).toBeNull();
    expect(normaliseRecoveryCode('abcde-fghij-k')).toBeNull();
    // i, l, o and u are not in the alphabet.
    expect(normaliseRecoveryCode('iiiii-lllll')).toBeNull();
  });

  it('tells an app code from a recovery code in the one field that takes both', () => {
    expect(classifyCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(classifyCode('K3M9X-2HQ7P')).toEqual({ kind: 'recovery', code: 'k3m9x2hq7p' });
    expect(classifyCode('')).toBeNull();
    expect(classifyCode('12345')).toBeNull();
    expect(classifyCode('<script>')).toBeNull();
  });
});

describe('stored secrets', () => {
  const key = totpEncryptionKey('a-session-secret-of-at-least-32-characters');

  it('are encrypted: the stored value does not contain the secret and decrypts back', () => {
    const secret = generateTotpSecret();
    const stored = encryptTotpSecret(key, 7, secret);
    expect(stored).not.toContain(secret);
    expect(stored.startsWith('v1:')).toBe(true);
    expect(decryptTotpSecret(key, 7, stored)).toBe(secret);
    // A new random IV each time: the same secret never looks the same twice.
    expect(encryptTotpSecret(key, 7, secret)).not.toBe(stored);
  });

  it('do not decrypt under another session secret, for another account or when tampered with', () => {
    const stored = encryptTotpSecret(key, 7, generateTotpSecret());
    expect(decryptTotpSecret(totpEncryptionKey('another-session-secret-of-32-characters!'), 7, stored)).toBeNull();
    expect(decryptTotpSecret(key, 8, stored)).toBeNull();
    const [format, iv, body, tag] = stored.split(':');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(decryptTotpSecret(key, 7, [format, iv, flipped.toString('base64url'), tag].join(':'))).toBeNull();
    expect(decryptTotpSecret(key, 7, [format, iv, body, tag!.slice(0, 8)].join(':'))).toBeNull();
    expect(decryptTotpSecret(key, 7, 'JBSWY3DPEHPK3PXP')).toBeNull();
  });
});

describe('who must use two-factor sign-in (REQUIRE_2FA)', () => {
  it('is optional when the setting is absent', () => {
    expect(isTwoFactorRequired('admin', undefined)).toBe(false);
    expect(secondStepAfterPassword({ role: 'admin', totpEnabled: false }, undefined)).toBeNull();
  });

  it('asks for a code whenever the member has it on, whatever the setting', () => {
    expect(secondStepAfterPassword({ role: 'editor', totpEnabled: true }, undefined)).toBe('verify');
    expect(secondStepAfterPassword({ role: 'admin', totpEnabled: true }, 'admins')).toBe('verify');
  });

  it('takes admins without it to set it up under "admins", and everybody under "all"', () => {
    expect(secondStepAfterPassword({ role: 'admin', totpEnabled: false }, 'admins')).toBe('setup');
    expect(secondStepAfterPassword({ role: 'editor', totpEnabled: false }, 'admins')).toBeNull();
    expect(secondStepAfterPassword({ role: 'editor', totpEnabled: false }, 'all')).toBe('setup');
  });
});
