/**
 * What a stolen password or session can no longer outlive (docs/staff-auth.md): sessions that end however busy,
 * password-only sessions under `REQUIRE_2FA`, a second factor that ends the other sessions, sign-ins in progress
 * that die with the password, the role or the account, and recovery codes that a database dump alone does not give
 * away.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { setStaffDisabled, setStaffPassword, setStaffRole } from '#app/auth/accounts.server.ts';
import { createLoginChallenge, findLoginChallenge } from '#app/auth/login-challenge.server.ts';
import { createSession, findSessionUser } from '#app/auth/session.server.ts';
import { checkStaffSession, commitSessionCookie } from '#app/auth/session-cookie.server.ts';
import { normaliseRecoveryCode, totpCode } from '#app/auth/totp.server.ts';
import {
  confirmTotpSetup,
  rekeyLegacyRecoveryCodes,
  SecondFactorError,
  startTotpSetup,
  type TwoFactorContext,
  verifySecondFactor,
} from '#app/auth/two-factor.server.ts';
import { type DbFixture, describeEachDb } from '#tests/integration/db-harness.ts';
import { newMember, pendingSecret, SESSION_SECRET, STEP_MS } from '#tests/integration/staff-members.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function context(t: DbFixture): TwoFactorContext {
  return { db: t.db, sessionSecret: SESSION_SECRET, client: { ip: '10.9.0.1' } };
}

/** A session row as old as `ageDays`, expiring in `expiresInDays`: what months of renewal leave behind. */
async function agedSession(t: DbFixture, staffUserId: number, ageDays: number, expiresInDays: number) {
  const id = await createSession(t.db, staffUserId, { userAgent: 'test', ip: null });
  // `created_at` is never written by the app: set it as a database restored from months ago would have it.
  await sql`
    UPDATE sessions SET created_at = ${new Date(Date.now() - ageDays * DAY_MS)},
      expires_at = ${new Date(Date.now() + expiresInDays * DAY_MS)}
    WHERE id = ${id}
  `.execute(t.db);
  return id;
}

async function cookieOf(sessionId: string): Promise<string> {
  return (await commitSessionCookie(SESSION_SECRET, sessionId)).split(';')[0]!;
}

describeEachDb('staff session rules', (t) => {
  it('ends a session 30 days after the sign-in however often it was renewed', async () => {
    const member = await newMember(t);
    const old = await agedSession(t, member.id, 31, 6);
    expect(await findSessionUser(t.db, old)).toBeNull();
    const young = await agedSession(t, member.id, 20, 6);
    expect(await findSessionUser(t.db, young)).toMatchObject({ id: member.id });
  });

  it('renews a session used after half its week, but never past its absolute end', async () => {
    const member = await newMember(t);
    // Signed in 29 days ago, a day left of its week: renewal may give it one day more, not seven.
    const session = await agedSession(t, member.id, 29, 1);
    expect(await findSessionUser(t.db, session)).not.toBeNull();
    const row = await t.db
      .selectFrom('sessions')
      .select(['expires_at', 'created_at'])
      .where('id', '=', session)
      .executeTakeFirstOrThrow();
    const end = new Date(row.created_at).getTime() + 30 * DAY_MS;
    expect(new Date(row.expires_at).getTime()).toBeLessThanOrEqual(end + 1000);
    // A session in its first days is renewed to a full week from now.
    const fresh = await agedSession(t, member.id, 2, 2);
    const check = await checkStaffSession(t.db, await cookieOf(fresh), SESSION_SECRET, {
      maxDays: 30,
      requirement: undefined,
    });
    expect(check.state).toBe('signed-in');
    if (check.state !== 'signed-in') return;
    expect(check.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
  });

  it('sends a password-only session to the second step once REQUIRE_2FA covers its member', async () => {
    const admin = await newMember(t, 'admin');
    const editor = await newMember(t, 'editor');
    const adminCookie = await cookieOf(await createSession(t.db, admin.id, { userAgent: 'test', ip: null }));
    const editorCookie = await cookieOf(await createSession(t.db, editor.id, { userAgent: 'test', ip: null }));
    const rules = { maxDays: 30, requirement: 'admins' as const };
    expect((await checkStaffSession(t.db, adminCookie, SESSION_SECRET, rules)).state).toBe('second-step');
    expect((await checkStaffSession(t.db, editorCookie, SESSION_SECRET, rules)).state).toBe('signed-in');
    // Made with a code: enough.
    const withCode = await cookieOf(
      await createSession(t.db, admin.id, { userAgent: 'test', ip: null, secondFactor: true }),
    );
    expect((await checkStaffSession(t.db, withCode, SESSION_SECRET, rules)).state).toBe('signed-in');
  });

  it('confirms nothing for a cookie merely named like the session, nor for a forged signature', async () => {
    const member = await newMember(t);
    const session = await createSession(t.db, member.id, { userAgent: 'test', ip: null });
    const rules = { maxDays: 30, requirement: undefined };
    expect((await checkStaffSession(t.db, 'staff_session=anything', SESSION_SECRET, rules)).state).toBe('none');
    const forged = `staff_session=${Buffer.from(JSON.stringify(session)).toString('base64')}.forged`;
    expect((await checkStaffSession(t.db, forged, SESSION_SECRET, rules)).state).toBe('none');
    expect((await checkStaffSession(t.db, await cookieOf(session), SESSION_SECRET, rules)).state).toBe('signed-in');
  });

  it('turning two-factor sign-in on ends the other sessions and keeps the one that did it, now with a code', async () => {
    const member = await newMember(t);
    const here = await createSession(t.db, member.id, { userAgent: 'here', ip: null });
    const elsewhere = await createSession(t.db, member.id, { userAgent: 'elsewhere', ip: null });
    await startTotpSetup(context(t), member.id);
    const secret = await pendingSecret(t, member.id);
    await confirmTotpSetup(context(t), member.id, totpCode(secret), member.id, here);
    expect(await findSessionUser(t.db, elsewhere)).toBeNull();
    expect(await findSessionUser(t.db, here)).not.toBeNull();
    const check = await checkStaffSession(t.db, await cookieOf(here), SESSION_SECRET, {
      maxDays: 30,
      requirement: 'all',
    });
    expect(check.state).toBe('signed-in');
  });

  for (const [change, run] of [
    ['a password change', (t: DbFixture, id: number) => setStaffPassword(t.db, id, 'a-brand-new-password', null)],
    [
      'disabling and enabling the account',
      async (t: DbFixture, id: number) => {
        await setStaffDisabled(t.db, id, true, null);
        await setStaffDisabled(t.db, id, false, null);
      },
    ],
    ['a role change', (t: DbFixture, id: number) => setStaffRole(t.db, id, 'admin', null)],
  ] as const) {
    it(`ends every sign-in in progress on ${change}`, async () => {
      const member = await newMember(t);
      const challenges = await Promise.all(
        (['setup', 'verify'] as const).map((purpose) =>
          createLoginChallenge(t.db, { staffUserId: member.id, purpose, redirectTo: '/admin', ttlSeconds: 900 }),
        ),
      );
      await run(t, member.id);
      for (const challenge of challenges) expect(await findLoginChallenge(t.db, challenge)).toBeUndefined();
    });
  }

  it('records a role change in the audit log and leaves an unchanged role alone', async () => {
    const member = await newMember(t);
    await setStaffRole(t.db, member.id, 'admin', null);
    await setStaffRole(t.db, member.id, 'admin', null);
    const entries = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'staff_user')
      .where('entity_id', '=', member.id)
      .where('action', '=', 'role')
      .execute();
    expect(entries).toHaveLength(1);
    const row = await t.db.selectFrom('staff_users').select('role').where('id', '=', member.id).executeTakeFirst();
    expect(row?.role).toBe('admin');
  });

  it('stores recovery codes so that a database dump alone cannot check one', async () => {
    const member = await newMember(t);
    await startTotpSetup(context(t), member.id);
    const codes = await confirmTotpSetup(context(t), member.id, totpCode(await pendingSecret(t, member.id)), member.id);
    const stored = (
      await t.db.selectFrom('staff_recovery_codes').select('code_hash').where('staff_user_id', '=', member.id).execute()
    ).map((row) => row.code_hash);
    // With the dump and the code's public algorithm, but without the server's secret: no code can be matched.
    for (const code of codes) {
      const plain = createHash('sha256')
        .update(`recovery-code:${normaliseRecoveryCode(code)}`)
        .digest('hex');
      expect(stored).not.toContain(plain);
    }
    // The server, with its secret, still takes them.
    await expect(verifySecondFactor(context(t), member.id, codes[0]!)).resolves.toMatchObject({
      method: 'recovery_code',
    });
    // Under another secret the stored values mean nothing.
    await expect(
      verifySecondFactor(
        { ...context(t), sessionSecret: 'another-session-secret-of-32-characters!' },
        member.id,
        codes[1]!,
      ),
    ).rejects.toThrow(SecondFactorError);
  });

  it('keeps recovery codes stored before keys working: they are re-keyed at start', async () => {
    const member = await newMember(t);
    await startTotpSetup(context(t), member.id);
    const secret = await pendingSecret(t, member.id);
    await confirmTotpSetup(context(t), member.id, totpCode(secret, Date.now() - STEP_MS), member.id);
    // A code as the old version stored it: plain SHA-256.
    const legacy = 'abcde-fghjk';
    const digest = createHash('sha256').update('recovery-code:abcdefghjk').digest('hex');
    await t.db.insertInto('staff_recovery_codes').values({ staff_user_id: member.id, code_hash: digest }).execute();

    expect(await rekeyLegacyRecoveryCodes(t.db, SESSION_SECRET)).toBeGreaterThanOrEqual(1);
    expect(await rekeyLegacyRecoveryCodes(t.db, SESSION_SECRET)).toBe(0);
    const rows = await t.db
      .selectFrom('staff_recovery_codes')
      .select('code_hash')
      .where('staff_user_id', '=', member.id)
      .execute();
    expect(rows.map((row) => row.code_hash)).not.toContain(digest);
    await expect(verifySecondFactor(context(t), member.id, legacy)).resolves.toMatchObject({
      method: 'recovery_code',
    });
  });
});
