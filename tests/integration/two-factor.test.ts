import pino from 'pino';
import { expect, it } from 'vitest';
import { ThrottledAttempt } from '#app/auth/attempts.server.ts';
import { createLoginChallenge, deleteLoginChallenge, findLoginChallenge } from '#app/auth/login-challenge.server.ts';
import { createSession, findSessionUser } from '#app/auth/session.server.ts';
import { startStaffSession } from '#app/auth/sign-in.server.ts';
import { totpCode } from '#app/auth/totp.server.ts';
import {
  CODE_LIMIT_PER_ACCOUNT,
  CODE_LIMIT_PER_ACCOUNT_AND_IP,
  confirmTotpSetup,
  continueAfterPassword,
  renewRecoveryCodes,
  SecondFactorError,
  startTotpSetup,
  type TwoFactorContext,
  turnOffTwoFactor,
  verifySecondFactor,
} from '#app/auth/two-factor.server.ts';
import {
  countUnusedRecoveryCodes,
  findTwoFactorRecord,
  resetStaffTwoFactor,
} from '#app/auth/two-factor-secret.server.ts';
import { wrongTotpCode } from '#tests/fixtures/wrong-code.ts';
import { type DbFixture, describeEachDb } from '#tests/integration/db-harness.ts';
import { newMember, pendingSecret, SESSION_SECRET, STEP_MS } from '#tests/integration/staff-members.ts';

function context(t: DbFixture, ip: string | null = '10.1.0.1', sessionSecret = SESSION_SECRET): TwoFactorContext {
  return { db: t.db, sessionSecret, client: { ip } };
}

/** A member with two-factor sign-in on, confirmed with the code of the current step. */
async function memberWithTwoFactor(t: DbFixture, ip = '10.1.0.1') {
  const member = await newMember(t);
  await startTotpSetup(context(t, ip), member.id);
  const secret = await pendingSecret(t, member.id);
  const recoveryCodes = await confirmTotpSetup(context(t, ip), member.id, totpCode(secret), member.id);
  return { ...member, secret, recoveryCodes };
}

const nextStepCode = (secret: string) => totpCode(secret, Date.now() + STEP_MS);

/** A code of the member's secret that is wrong now. */
const wrongCode = (secret: string) => wrongTotpCode((timestamp) => totpCode(secret, timestamp), STEP_MS);

describeEachDb('two-factor sign-in', (t) => {
  it('switches on only with a code of the shown secret, stores it encrypted and ten hashed recovery codes', async () => {
    const member = await newMember(t);
    await startTotpSetup(context(t), member.id);
    const secret = await pendingSecret(t, member.id);
    await expect(confirmTotpSetup(context(t), member.id, wrongCode(secret), member.id)).rejects.toThrow(
      SecondFactorError,
    );
    expect((await findTwoFactorRecord(t.db, member.id))?.totpSecret).toBeNull();

    const codes = await confirmTotpSetup(context(t), member.id, totpCode(secret), member.id);
    expect(codes).toHaveLength(10);
    const row = await t.db
      .selectFrom('staff_users')
      .select(['totp_secret', 'totp_enabled_at', 'totp_pending_secret'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_enabled_at).not.toBeNull();
    expect(row.totp_pending_secret).toBeNull();
    const stored = await t.db
      .selectFrom('staff_recovery_codes')
      .select('code_hash')
      .where('staff_user_id', '=', member.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((r) => r.code_hash).join()).not.toContain(code.replace('-', ''));
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', member.id).execute();
    expect(audit.map((entry) => entry.action)).toContain('totp_enable');
  });

  it('never replaces an app already set up: a session alone cannot start a new setup', async () => {
    const member = await memberWithTwoFactor(t);
    await startTotpSetup(context(t), member.id);
    expect((await findTwoFactorRecord(t.db, member.id))?.totpPendingSecret).toBeNull();
    await expect(confirmTotpSetup(context(t), member.id, nextStepCode(member.secret), member.id)).rejects.toThrow(
      SecondFactorError,
    );
    // The app set up first still signs in.
    await expect(verifySecondFactor(context(t), member.id, nextStepCode(member.secret))).resolves.toMatchObject({
      method: 'totp',
    });
  });

  it('accepts an app code once: the same code again, or an older one, is refused as a replay', async () => {
    const member = await memberWithTwoFactor(t);
    // The code used to switch it on cannot sign in.
    await expect(verifySecondFactor(context(t), member.id, totpCode(member.secret))).rejects.toThrow(SecondFactorError);
    const code = nextStepCode(member.secret);
    await expect(verifySecondFactor(context(t), member.id, code)).resolves.toMatchObject({ method: 'totp' });
    await expect(verifySecondFactor(context(t), member.id, code)).rejects.toThrow(
      'Неверный код. Введите новый код из приложения или неиспользованный код восстановления.',
    );
  });

  it('accepts one code presented twice at the same moment only once', async () => {
    const member = await memberWithTwoFactor(t);
    const code = nextStepCode(member.secret);
    const results = await Promise.allSettled([
      verifySecondFactor(context(t), member.id, code),
      verifySecondFactor(context(t), member.id, code),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('accepts each recovery code once, however it is typed, and counts the ones left', async () => {
    const member = await memberWithTwoFactor(t);
    const [first, second] = member.recoveryCodes;
    await expect(verifySecondFactor(context(t), member.id, first!.toUpperCase())).resolves.toEqual({
      method: 'recovery_code',
      recoveryCodesLeft: 9,
    });
    await expect(verifySecondFactor(context(t), member.id, first!)).rejects.toThrow(SecondFactorError);
    const racing = await Promise.allSettled([
      verifySecondFactor(context(t), member.id, second!),
      verifySecondFactor(context(t), member.id, second!.replace('-', ' ')),
    ]);
    expect(racing.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await countUnusedRecoveryCodes(t.db, member.id)).toBe(8);
  });

  it("refuses another member's recovery code", async () => {
    const anna = await memberWithTwoFactor(t);
    const boris = await memberWithTwoFactor(t);
    await expect(verifySecondFactor(context(t), boris.id, anna.recoveryCodes[0]!)).rejects.toThrow(SecondFactorError);
  });

  it('throttles wrong codes per account and address with the wait, and not at another address', async () => {
    const member = await memberWithTwoFactor(t, '10.1.1.1');
    for (let i = 0; i < CODE_LIMIT_PER_ACCOUNT_AND_IP.points; i++) {
      await expect(verifySecondFactor(context(t, '10.1.1.1'), member.id, wrongCode(member.secret))).rejects.toThrow(
        /^Неверный код/,
      );
    }
    const refused = await verifySecondFactor(context(t, '10.1.1.1'), member.id, nextStepCode(member.secret)).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ThrottledAttempt);
    expect((refused as ThrottledAttempt).message).toMatch(
      /^Слишком много попыток ввода кода\. Попробуйте снова через \d+ (мин|с)\.$/,
    );
    expect((refused as ThrottledAttempt).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as ThrottledAttempt).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // The right code at the member's other address still works.
    await expect(
      verifySecondFactor(context(t, '10.1.1.2'), member.id, nextStepCode(member.secret)),
    ).resolves.toMatchObject({ method: 'totp' });
  });

  it('throttles an account whose wrong codes come from many addresses', async () => {
    const member = await memberWithTwoFactor(t, '10.1.2.1');
    for (let i = 0; i < CODE_LIMIT_PER_ACCOUNT.points; i++) {
      await expect(
        verifySecondFactor(context(t, `10.1.2.${10 + i}`), member.id, wrongCode(member.secret)),
      ).rejects.toThrow(/^Неверный код/);
    }
    await expect(verifySecondFactor(context(t, '10.1.2.99'), member.id, wrongCode(member.secret))).rejects.toThrow(
      /^Слишком много попыток ввода кода/,
    );
  });

  it('forgets failures once the right code is given, so a member with typos is never locked out', async () => {
    const member = await memberWithTwoFactor(t, '10.1.3.1');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < CODE_LIMIT_PER_ACCOUNT_AND_IP.points - 1; i++) {
        await expect(verifySecondFactor(context(t, '10.1.3.1'), member.id, wrongCode(member.secret))).rejects.toThrow(
          /^Неверный код/,
        );
      }
      await expect(
        verifySecondFactor(context(t, '10.1.3.1'), member.id, member.recoveryCodes[round]!),
      ).resolves.toMatchObject({ method: 'recovery_code' });
    }
  });

  it('logs a lockout once without the codes typed', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const member = await memberWithTwoFactor(t, '10.1.4.1');
    for (let i = 0; i < CODE_LIMIT_PER_ACCOUNT_AND_IP.points + 2; i++) {
      await verifySecondFactor(
        { db: t.db, sessionSecret: SESSION_SECRET, client: { ip: '10.1.4.1', logger } },
        member.id,
        `90000${i}`,
      ).catch(() => undefined);
    }
    const lockouts = lines
      .map((line) => JSON.parse(line))
      .filter((e) => e.msg === 'second factor locked after repeated failures');
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({ staffUserId: member.id, ip: '10.1.4.1' });
    // Not in any field but the time and the pid, whose digits may hold the code by chance.
    const logged = lines.map((line) => {
      const { time: _time, pid: _pid, ...entry } = JSON.parse(line);
      return JSON.stringify(entry);
    });
    expect(logged.join('\n')).not.toContain('900001');
  });

  it('gives new recovery codes after a current code; the old ones stop working', async () => {
    const member = await memberWithTwoFactor(t);
    const fresh = await renewRecoveryCodes(context(t), member.id, member.recoveryCodes[0]!);
    expect(fresh).toHaveLength(10);
    await expect(verifySecondFactor(context(t), member.id, member.recoveryCodes[1]!)).rejects.toThrow(
      SecondFactorError,
    );
    await expect(verifySecondFactor(context(t), member.id, fresh[0]!)).resolves.toMatchObject({
      recoveryCodesLeft: 9,
    });
    await expect(renewRecoveryCodes(context(t), member.id, wrongCode(member.secret))).rejects.toThrow(
      SecondFactorError,
    );
  });

  it('lets the member switch it off with a current code, not without, and not while it is required of them', async () => {
    const member = await memberWithTwoFactor(t);
    await expect(turnOffTwoFactor(context(t), member, 'wrong', undefined)).rejects.toThrow(SecondFactorError);
    // Not while REQUIRE_2FA applies to the member, even with the right code.
    await expect(turnOffTwoFactor(context(t), member, nextStepCode(member.secret), 'all')).rejects.toThrow(
      'Для вашей учётной записи двухфакторный вход обязателен: выключить его нельзя.',
    );
    await turnOffTwoFactor(context(t), member, nextStepCode(member.secret), undefined);
    const record = await findTwoFactorRecord(t.db, member.id);
    expect(record).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await countUnusedRecoveryCodes(t.db, member.id)).toBe(0);
  });

  it("an admin's reset switches it off, ends the member's sessions and unfinished sign-ins, and is audited", async () => {
    const admin = await newMember(t, 'admin');
    const member = await memberWithTwoFactor(t);
    const session = await createSession(t.db, member.id, { userAgent: 'test', ip: null });
    const challenge = await createLoginChallenge(t.db, {
      staffUserId: member.id,
      purpose: 'verify',
      redirectTo: '/admin',
      ttlSeconds: 300,
    });
    expect(await resetStaffTwoFactor(t.db, member.email.toUpperCase(), admin.id)).toBe(member.id);
    expect((await findTwoFactorRecord(t.db, member.id))?.totpSecret).toBeNull();
    expect(await findSessionUser(t.db, session)).toBeNull();
    expect(await findLoginChallenge(t.db, challenge)).toBeUndefined();
    await expect(verifySecondFactor(context(t), member.id, member.recoveryCodes[0]!)).rejects.toThrow(
      SecondFactorError,
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'staff_user_id'])
      .where('entity', '=', 'staff_user')
      .where('entity_id', '=', member.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'totp_reset', staff_user_id: admin.id });
    await expect(resetStaffTwoFactor(t.db, 'nobody@club.test', admin.id)).rejects.toThrow(
      'Сотрудник nobody@club.test не найден',
    );
  });

  it('after SESSION_SECRET changes, app codes and recovery codes are refused (no error page) until a reset', async () => {
    const member = await memberWithTwoFactor(t);
    const rotated = context(t, '10.1.5.1', 'a-completely-different-session-secret-32ch');
    await expect(verifySecondFactor(rotated, member.id, nextStepCode(member.secret))).rejects.toThrow(
      SecondFactorError,
    );
    // Recovery codes are keyed by the secret too (docs/staff-auth.md, "How secrets are stored").
    await expect(verifySecondFactor(rotated, member.id, member.recoveryCodes[0]!)).rejects.toThrow(SecondFactorError);
    await resetStaffTwoFactor(t.db, member.id, null);
    expect((await findTwoFactorRecord(t.db, member.id))?.totpSecret).toBeNull();
  });

  it('keeps a sign-in challenge until it expires or is finished, and finishes it once', async () => {
    const member = await newMember(t);
    const id = await createLoginChallenge(t.db, {
      staffUserId: member.id,
      purpose: 'setup',
      redirectTo: '/admin/bids',
      ttlSeconds: 300,
    });
    expect(await findLoginChallenge(t.db, id)).toMatchObject({
      staffUserId: member.id,
      purpose: 'setup',
      redirectTo: '/admin/bids',
      email: member.email,
    });
    expect(await deleteLoginChallenge(t.db, id)).toBe(true);
    expect(await deleteLoginChallenge(t.db, id)).toBe(false);
    expect(await findLoginChallenge(t.db, id)).toBeUndefined();

    const expired = await createLoginChallenge(t.db, {
      staffUserId: member.id,
      purpose: 'verify',
      redirectTo: '/admin',
      ttlSeconds: -1,
    });
    expect(await findLoginChallenge(t.db, expired)).toBeUndefined();
  });

  it('after the password: a session at once without 2FA, a code step with it, setup first when required', async () => {
    const admin = await newMember(t, 'admin');
    const after = (staffUserId: number, requirement: 'admins' | 'all' | undefined) =>
      continueAfterPassword(context(t), { staffUserId, redirectTo: '/admin/bids', userAgent: 'test', requirement });

    const direct = await after(admin.id, undefined);
    expect(direct.location).toBe('/admin/bids');
    expect(direct.cookie).toMatch(/^staff_session=/);

    const required = await after(admin.id, 'admins');
    expect(required.location).toBe('/login/setup-2fa');
    expect(required.cookie).toMatch(/^staff_login=.*Path=\/login;/);
    expect((await findTwoFactorRecord(t.db, admin.id))?.totpPendingSecret).not.toBeNull();

    const editor = await newMember(t, 'editor');
    expect((await after(editor.id, 'admins')).location).toBe('/admin/bids');
    expect((await after(editor.id, 'all')).location).toBe('/login/setup-2fa');

    const member = await memberWithTwoFactor(t);
    expect((await after(member.id, undefined)).location).toBe('/login/code');
  });

  it('records how a sign-in was completed', async () => {
    const member = await newMember(t);
    await startStaffSession(t.db, SESSION_SECRET, member.id, { userAgent: 'test', ip: null, method: 'recovery_code' });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['action', 'fields'])
      .where('staff_user_id', '=', member.id)
      .where('action', '=', 'login')
      .executeTakeFirstOrThrow();
    expect(entry.fields).toEqual(['recovery_code']);
  });
});
