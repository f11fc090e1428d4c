/**
 * Two-factor sign-in for staff (docs/staff-auth.md): who must use it, checking a typed code (an app code that was
 * not used before, or an unused recovery code) under the same kind of throttling as passwords, and turning it on
 * and off.
 */
import type { Logger } from 'pino';
import type { RouterContextProvider } from 'react-router';
import { limitedAttempt, RefusedAttempt, refusedAnswer, ThrottledAttempt } from '#app/auth/attempts.server.ts';
import {
  beginLoginChallenge,
  finishLoginChallenge,
  readLoginChallenge,
  SECOND_STEP_PATHS,
  sessionCookiesAfterChallenge,
} from '#app/auth/challenge-cookie.server.ts';
import { deleteSession } from '#app/auth/session.server.ts';
import { destroySessionCookie } from '#app/auth/session-cookie.server.ts';
import { LoginError, startStaffSession } from '#app/auth/sign-in.server.ts';
import * as totp from '#app/auth/totp.server.ts';
import { isTwoFactorRequired, type TwoFactorRequirement } from '#app/auth/two-factor-requirement.ts';
import {
  acceptTotpStep,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  disableTotp,
  enableTotp,
  findTwoFactorRecord,
  rekeyRecoveryCodeHashes,
  replaceRecoveryCodes,
  setPendingTotpSecret,
  type TwoFactorRecord,
} from '#app/auth/two-factor-secret.server.ts';
import { readForm } from '#app/infra/form.server.ts';
import { getRequestInfo, getServices } from '#app/infra/services.server.ts';
import { clientKey } from '#app/infra/too-many-requests.server.ts';
import { SITE_NAME } from '#app/lib/club.ts';
import type { RateLimitRule } from '#app/models/rate-limit.server.ts';
import type { Database } from '#db/index.ts';
import type { LoginChallengePurpose, StaffRole } from '#db/schema.ts';

export { isTwoFactorRequired, type TwoFactorRequirement };

/** What comes after the right password: a code, setting 2FA up first, or nothing (signed in at once). */
export function secondStepAfterPassword(
  account: { role: StaffRole; totpEnabled: boolean },
  requirement: TwoFactorRequirement,
): 'verify' | 'setup' | null {
  if (account.totpEnabled) return 'verify';
  return isTwoFactorRequired(account.role, requirement) ? 'setup' : null;
}

/**
 * After the right password: the session at once for a member who needs no code, otherwise the second step (a code,
 * or setting up a required app first) with no session until it is done. Returns where to go and the cookie to set.
 */
export async function continueAfterPassword(
  ctx: TwoFactorContext,
  input: { staffUserId: number; redirectTo: string; userAgent: string; requirement: TwoFactorRequirement },
): Promise<{ location: string; cookie: string }> {
  const account = await findTwoFactorRecord(ctx.db, input.staffUserId);
  // Disabled between the password check and now.
  if (!account) throw new LoginError('Неверный email или пароль');
  const step = secondStepAfterPassword(
    { role: account.role, totpEnabled: account.totpSecret !== null },
    input.requirement,
  );
  if (!step) {
    const cookie = await startStaffSession(ctx.db, ctx.sessionSecret, account.id, {
      userAgent: input.userAgent,
      ip: ctx.client.ip,
      method: 'password',
      maxDays: ctx.sessionMaxDays,
    });
    return { location: input.redirectTo, cookie };
  }
  return beginSecondStep(ctx, account.id, step, input.redirectTo);
}

/** Starts the second step (a code, or setting up an app first); returns where it is and the challenge cookie. */
async function beginSecondStep(
  ctx: TwoFactorContext,
  staffUserId: number,
  step: LoginChallengePurpose,
  redirectTo: string,
): Promise<{ location: string; cookie: string }> {
  if (step === 'setup') await startTotpSetup(ctx, staffUserId);
  const cookie = await beginLoginChallenge(ctx.db, ctx.sessionSecret, { staffUserId, purpose: step, redirectTo });
  return { location: SECOND_STEP_PATHS[step], cookie };
}

/**
 * A session signed in with the password alone, of a member who needs a second factor now (`REQUIRE_2FA` came to
 * cover them): the session ends, and the member goes through the second step — a code, or setting up an app — as
 * after the password, and comes back to `redirectTo`. Returns the cookies to send with the redirect to `location`.
 */
export async function secondStepForSession(
  ctx: TwoFactorContext,
  session: { id: number; sessionId: string; totpEnabled: boolean },
  redirectTo: string,
): Promise<{ location: string; cookies: string[] }> {
  await deleteSession(ctx.db, session.sessionId);
  const next = await beginSecondStep(ctx, session.id, session.totpEnabled ? 'verify' : 'setup', redirectTo);
  return { location: next.location, cookies: [next.cookie, await destroySessionCookie(ctx.sessionSecret)] };
}

/**
 * Code throttling, like the password's (docs/security.md, "Login throttling"): failures count per (account,
 * address) and per address. A third window counts per account across addresses: only someone who already has the
 * password reaches the code step, so it cannot be used to lock out a colleague by guessing, and it stops a holder
 * of the password from spreading guesses over many addresses.
 */
export const CODE_LIMIT_PER_ACCOUNT_AND_IP: RateLimitRule = { points: 5, windowSeconds: 15 * 60 };
export const CODE_LIMIT_PER_IP: RateLimitRule = { points: 30, windowSeconds: 15 * 60 };
export const CODE_LIMIT_PER_ACCOUNT: RateLimitRule = { points: 10, windowSeconds: 15 * 60 };

/** A refused code; the message is Russian and safe to show next to the field. */
export class SecondFactorError extends RefusedAttempt {
  override name = 'SecondFactorError';
}

/** How the code step of a sign-in ended. */
export type SignInCodeOutcome<T> =
  | { kind: 'expired' }
  | { kind: 'refused'; message: string; init: ResponseInit }
  | { kind: 'signed-in'; result: T; cookies: string[]; redirectTo: string };

/**
 * The code step after the right password (docs/staff-auth.md), `verify` (a code) or `setup` (setting an app up
 * first): the request's live challenge of that step, the typed code checked by `check`, then the session cookies —
 * one session per challenge, even if the same code arrives twice at once. `method` names how the code confirmed it.
 */
export async function completeSignInWithCode<T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  purpose: LoginChallengePurpose,
  check: (ctx: TwoFactorContext, staffUserId: number, code: string) => Promise<T>,
  method: (result: T) => 'totp' | 'recovery_code',
): Promise<SignInCodeOutcome<T>> {
  const services = getServices(context);
  const db = services.database.db;
  const challenge = await readLoginChallenge(db, request, services.sessionSecret, purpose);
  if (!challenge) return { kind: 'expired' };
  const form = await readForm(request);
  let result: T;
  try {
    result = await check(requestTwoFactorContext(context), challenge.staffUserId, String(form.get('code') ?? ''));
  } catch (error) {
    const refused = refusedAnswer(error);
    if (!refused) throw error;
    return { kind: 'refused', ...refused };
  }
  if (!(await finishLoginChallenge(db, challenge))) return { kind: 'expired' };
  const cookies = await sessionCookiesAfterChallenge(context, request, challenge, method(result));
  return { kind: 'signed-in', result, cookies, redirectTo: challenge.redirectTo };
}

export const WRONG_CODE = 'Неверный код. Введите новый код из приложения или неиспользованный код восстановления.';
const WRONG_SETUP_CODE = 'Неверный код. Проверьте, что время на телефоне верное, и введите новый код из приложения.';

export interface CodeClient {
  ip: string | null;
  logger?: Pick<Logger, 'warn'>;
}

/** Everything a code check needs to know about where the secret key comes from and who is asking. */
export interface TwoFactorContext {
  db: Database;
  sessionSecret: string;
  client: CodeClient;
  /** `SESSION_MAX_DAYS` of the sessions a sign-in starts (the default when absent). */
  sessionMaxDays?: number;
}

/** The context of a request's code checks: its database, the session secret and the client's address. */
export function requestTwoFactorContext(context: Readonly<RouterContextProvider>): TwoFactorContext {
  const services = getServices(context);
  const { ip, logger } = getRequestInfo(context);
  return {
    db: services.database.db,
    sessionSecret: services.sessionSecret,
    client: { ip, logger },
    sessionMaxDays: services.env.SESSION_MAX_DAYS,
  };
}

/** A code check under the code windows (attempts.server.ts): null for a wrong code; over a limit it throws. */
async function throttled<T>(
  ctx: TwoFactorContext,
  staffUserId: number,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const address = clientKey(ctx.client.ip);
  const attempt = await limitedAttempt(
    ctx.db,
    [
      { key: `2fa:account-ip:${address}:${staffUserId}`, rule: CODE_LIMIT_PER_ACCOUNT_AND_IP, onSuccess: 'reset' },
      { key: `2fa:ip:${address}`, rule: CODE_LIMIT_PER_IP, onSuccess: 'refund' },
      { key: `2fa:account:${staffUserId}`, rule: CODE_LIMIT_PER_ACCOUNT, onSuccess: 'reset' },
    ],
    check,
  );
  if (!attempt.refused) return attempt.result;
  if (attempt.lockoutStarted) {
    ctx.client.logger?.warn(
      { staffUserId, ip: ctx.client.ip, retryAfterSeconds: attempt.retryAfterSeconds },
      'second factor locked after repeated failures',
    );
  }
  throw new ThrottledAttempt('ввода кода', attempt.retryAfterSeconds);
}

function codeKey(ctx: TwoFactorContext): Buffer {
  return totp.recoveryCodeKey(ctx.sessionSecret);
}

/**
 * Re-keys recovery codes stored before they were keyed (plain SHA-256, docs/staff-auth.md): run at every start,
 * cheap when there are none. Returns how many were re-keyed.
 */
export function rekeyLegacyRecoveryCodes(db: Database, sessionSecret: string): Promise<number> {
  const key = totp.recoveryCodeKey(sessionSecret);
  return rekeyRecoveryCodeHashes(db, totp.KEYED_HASH_PREFIX, (stored) => totp.rekeyRecoveryCodeHash(key, stored));
}

function readSecret(ctx: TwoFactorContext, record: { id: number }, stored: string): string | null {
  const secret = totp.decryptTotpSecret(totp.totpEncryptionKey(ctx.sessionSecret), record.id, stored);
  if (secret === null) {
    // The value was encrypted under another key: SESSION_SECRET changed (docs/staff-auth.md). Recovery codes still work.
    ctx.client.logger?.warn({ staffUserId: record.id }, 'stored TOTP secret cannot be decrypted');
  }
  return secret;
}

export interface VerifiedCode {
  method: 'totp' | 'recovery_code';
  /** Unused recovery codes left after this one. */
  recoveryCodesLeft: number;
}

/**
 * Checks a code typed by a member whose two-factor sign-in is on: an app code of a step later than the last
 * accepted one, or an unused recovery code (then marked used). Throws SecondFactorError with a Russian message.
 */
export async function verifySecondFactor(
  ctx: TwoFactorContext,
  staffUserId: number,
  rawCode: string,
): Promise<VerifiedCode> {
  const verified = await throttled(ctx, staffUserId, async (): Promise<VerifiedCode | null> => {
    const record = await findTwoFactorRecord(ctx.db, staffUserId);
    const typed = totp.classifyCode(rawCode);
    if (!record?.totpSecret || !typed) return null;
    if (typed.kind === 'recovery') {
      if (!(await consumeRecoveryCode(ctx.db, record.id, totp.hashRecoveryCode(codeKey(ctx), typed.code)))) return null;
      return { method: 'recovery_code', recoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db, record.id) };
    }
    const secret = readSecret(ctx, record, record.totpSecret);
    const step = secret === null ? null : totp.matchTotpStep(secret, typed.code);
    if (step === null || !totp.isFreshStep(step, record.totpLastStep)) return null;
    if (!(await acceptTotpStep(ctx.db, record.id, step))) return null;
    return { method: 'totp', recoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db, record.id) };
  });
  if (!verified) throw new SecondFactorError(WRONG_CODE);
  return verified;
}

export interface TotpSetupView {
  /** Base32, in groups of four for typing. */
  secret: string;
  /** SVG data URL of the `otpauth://` URI. */
  qrCode: string;
}

/** Starts (or starts again) setting up an app: a new secret, remembered until a code confirms it. */
export async function startTotpSetup(ctx: TwoFactorContext, staffUserId: number): Promise<void> {
  const secret = totp.generateTotpSecret();
  await setPendingTotpSecret(
    ctx.db,
    staffUserId,
    totp.encryptTotpSecret(totp.totpEncryptionKey(ctx.sessionSecret), staffUserId, secret),
  );
}

export async function cancelTotpSetup(ctx: TwoFactorContext, staffUserId: number): Promise<void> {
  await setPendingTotpSecret(ctx.db, staffUserId, null);
}

/** The QR code and the secret of the setup in progress; null when no setup is in progress. */
export async function totpSetupView(ctx: TwoFactorContext, record: TwoFactorRecord): Promise<TotpSetupView | null> {
  if (!record.totpPendingSecret) return null;
  const secret = readSecret(ctx, record, record.totpPendingSecret);
  if (secret === null) return null;
  return {
    secret: totp.formatSecret(secret),
    qrCode: await totp.qrCodeDataUrl(totp.totpUri(secret, record.email, SITE_NAME)),
  };
}

/**
 * Confirms the setup in progress with a code from the app and switches two-factor sign-in on. Every other session
 * of the member ends (one made with a stolen password must not outlive the new factor); `keepSession`, the session
 * of the profile page that turned it on, stays and now counts as signed in with a code. Returns the ten new
 * recovery codes: shown once, stored only as hashes.
 */
export async function confirmTotpSetup(
  ctx: TwoFactorContext,
  staffUserId: number,
  rawCode: string,
  actorId: number | null,
  keepSession?: string,
): Promise<string[]> {
  const codes = await throttled(ctx, staffUserId, async () => {
    const record = await findTwoFactorRecord(ctx.db, staffUserId);
    const typed = totp.classifyCode(rawCode);
    if (!record?.totpPendingSecret || typed?.kind !== 'totp') return null;
    const secret = readSecret(ctx, record, record.totpPendingSecret);
    const step = secret === null ? null : totp.matchTotpStep(secret, typed.code);
    if (secret === null || step === null) return null;
    const recoveryCodes = totp.generateRecoveryCodes();
    const enabled = await enableTotp(
      ctx.db,
      record.id,
      {
        pendingSecret: record.totpPendingSecret,
        secret: totp.encryptTotpSecret(totp.totpEncryptionKey(ctx.sessionSecret), record.id, secret),
        step,
        recoveryCodeHashes: recoveryCodes.map((code) => totp.hashRecoveryCode(codeKey(ctx), code)),
      },
      actorId,
      keepSession,
    );
    return enabled ? recoveryCodes : null;
  });
  if (!codes) throw new SecondFactorError(WRONG_SETUP_CODE);
  return codes;
}

/** New recovery codes after a current code (from the app, or one of the old recovery codes). */
export async function renewRecoveryCodes(ctx: TwoFactorContext, staffUserId: number, rawCode: string) {
  await verifySecondFactor(ctx, staffUserId, rawCode);
  const recoveryCodes = totp.generateRecoveryCodes();
  await replaceRecoveryCodes(
    ctx.db,
    staffUserId,
    recoveryCodes.map((code) => totp.hashRecoveryCode(codeKey(ctx), code)),
    staffUserId,
  );
  return recoveryCodes;
}

/**
 * The member switches their own two-factor sign-in off, proving it with a current code; refused without looking at
 * the code when `REQUIRE_2FA` applies to them.
 */
export async function turnOffTwoFactor(
  ctx: TwoFactorContext,
  member: { id: number; role: StaffRole },
  rawCode: string,
  requirement: TwoFactorRequirement,
) {
  if (isTwoFactorRequired(member.role, requirement)) {
    throw new SecondFactorError('Для вашей учётной записи двухфакторный вход обязателен: выключить его нельзя.');
  }
  await verifySecondFactor(ctx, member.id, rawCode);
  await disableTotp(ctx.db, member.id, member.id, 'by-owner');
}
