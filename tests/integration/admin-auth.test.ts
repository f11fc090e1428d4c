import pino from 'pino';
import { expect, it } from 'vitest';
import { partners } from '#app/admin/sections.ts';
import { createStaffUser, setStaffDisabled, setStaffPassword } from '#app/auth/accounts.server.ts';
import { RefusedAttempt, ThrottledAttempt } from '#app/auth/attempts.server.ts';
import { createSession, deleteSession, findSessionUser } from '#app/auth/session.server.ts';
import {
  authenticateLogin,
  LOGIN_LIMIT_PER_EMAIL_AND_IP,
  LOGIN_LIMIT_PER_IP,
  LoginError,
} from '#app/auth/sign-in.server.ts';
import { createRow, getRow, updateRow } from '#app/models/admin/content.server.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { auditTrail } from '#tests/integration/rows.ts';

function loginRequest(email: string, password: string) {
  return new Request('http://club.test/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
  });
}

describeEachDb('staff authentication and sessions', (t) => {
  const password = 'correct-horse-battery';

  it('accepts the right password, refuses a wrong one in Russian', async () => {
    const id = await createStaffUser(t.db, { email: 'Anna@Club.test', role: 'editor', password }, null);
    const user = await authenticateLogin(t.db, loginRequest('anna@club.test', password), { ip: '10.0.0.1' });
    expect(user.id).toBe(id);
    await expect(
      authenticateLogin(t.db, loginRequest('anna@club.test', 'wrong-password'), { ip: '10.0.0.1' }),
    ).rejects.toThrow(new LoginError('Неверный email или пароль'));
  });

  it('answers an email with a NUL or another control character as a wrong login, still counted', async () => {
    for (const email of ['nul\u0000@club.test', '\u0000', 'tab\t@club.test', 'bell\u0007@club.test']) {
      await expect(authenticateLogin(t.db, loginRequest(email, 'x'), { ip: '10.0.0.40' })).rejects.toThrow(
        new LoginError('Неверный email или пароль'),
      );
    }
    const counted = await t.db
      .selectFrom('rate_limits')
      .select('points')
      .where('key', '=', 'login:ip:10.0.0.40')
      .executeTakeFirstOrThrow();
    expect(counted.points).toBe(4);
  });

  it('throttles failed logins per email and address, with the wait in seconds', async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_EMAIL_AND_IP.points; i++) {
      await expect(
        authenticateLogin(t.db, loginRequest('ghost@club.test', `nope-${i}`), { ip: '10.0.0.2' }),
      ).rejects.toThrow('Неверный email или пароль');
    }
    const refused = await authenticateLogin(t.db, loginRequest('ghost@club.test', 'nope'), { ip: '10.0.0.2' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ThrottledAttempt);
    expect((refused as ThrottledAttempt).message).toMatch(/^Слишком много попыток входа/);
    expect((refused as ThrottledAttempt).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as ThrottledAttempt).retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it("never refuses the right password from another address because of someone else's failures", async () => {
    await createStaffUser(t.db, { email: 'olga@club.test', role: 'editor', password }, null);
    for (let i = 0; i < LOGIN_LIMIT_PER_EMAIL_AND_IP.points + 3; i++) {
      await expect(
        authenticateLogin(t.db, loginRequest('olga@club.test', `guess-${i}`), { ip: '10.0.0.66' }),
      ).rejects.toThrow(RefusedAttempt);
    }
    // The attacker's address is locked, even with the right password…
    await expect(
      authenticateLogin(t.db, loginRequest('olga@club.test', password), { ip: '10.0.0.66' }),
    ).rejects.toThrow(/^Слишком много попыток входа/);
    // …Olga at her own address is not.
    const user = await authenticateLogin(t.db, loginRequest('olga@club.test', password), { ip: '10.0.0.7' });
    expect(user.email).toBe('olga@club.test');
  });

  it('forgets the failures of an address once the right password is given there', async () => {
    await createStaffUser(t.db, { email: 'petr@club.test', role: 'editor', password }, null);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_LIMIT_PER_EMAIL_AND_IP.points - 1; i++) {
        await expect(
          authenticateLogin(t.db, loginRequest('petr@club.test', 'typo'), { ip: '10.0.0.8' }),
        ).rejects.toThrow('Неверный email или пароль');
      }
      await expect(
        authenticateLogin(t.db, loginRequest('petr@club.test', password), { ip: '10.0.0.8' }),
      ).resolves.toMatchObject({ email: 'petr@club.test' });
    }
  });

  it('throttles one address that tries many emails, and only that address', async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_IP.points; i++) {
      await expect(
        authenticateLogin(t.db, loginRequest(`spray-${i}@club.test`, 'x'), { ip: '10.0.0.30' }),
      ).rejects.toThrow('Неверный email или пароль');
    }
    await expect(authenticateLogin(t.db, loginRequest('fresh@club.test', 'x'), { ip: '10.0.0.30' })).rejects.toThrow(
      /^Слишком много попыток входа/,
    );
    await expect(authenticateLogin(t.db, loginRequest('fresh@club.test', 'x'), { ip: '10.0.0.31' })).rejects.toThrow(
      'Неверный email или пароль',
    );
  });

  it('counts an IPv6 client by its /64 network', async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_EMAIL_AND_IP.points; i++) {
      await expect(
        authenticateLogin(t.db, loginRequest('ivan@club.test', 'x'), { ip: `2001:db8:1:2::${i + 1}` }),
      ).rejects.toThrow('Неверный email или пароль');
    }
    await expect(
      authenticateLogin(t.db, loginRequest('ivan@club.test', 'x'), { ip: '2001:db8:1:2:ffff::9' }),
    ).rejects.toThrow(/^Слишком много попыток входа/);
    await expect(
      authenticateLogin(t.db, loginRequest('ivan@club.test', 'x'), { ip: '2001:db8:1:3::1' }),
    ).rejects.toThrow('Неверный email или пароль');
  });

  it('logs a lockout once, with the email masked and the address, never the password', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    for (let i = 0; i < LOGIN_LIMIT_PER_EMAIL_AND_IP.points + 3; i++) {
      await authenticateLogin(t.db, loginRequest('lena@club.test', `secret-guess-${i}`), {
        ip: '10.0.0.40',
        logger,
      }).catch(() => undefined);
    }
    const lockouts = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'login locked after repeated failures');
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({ ip: '10.0.0.40', scope: 'email+ip', level: 40 });
    expect(lockouts[0].email).toMatch(/^l\*\*\*@club\.test#[0-9a-f]{12}$/);
    expect(lines.join('\n')).not.toContain('secret-guess');
    expect(lines.join('\n')).not.toContain('lena@');
  });

  it('ends sessions on logout, on a password change and when the user is disabled', async () => {
    const id = await createStaffUser(t.db, { email: 'boris@club.test', role: 'admin', password }, null);
    const meta = { userAgent: 'test', ip: null };
    const [a, b, c] = [
      await createSession(t.db, id, meta),
      await createSession(t.db, id, meta),
      await createSession(t.db, id, meta),
    ];
    expect(await findSessionUser(t.db, a)).toMatchObject({ id, role: 'admin' });

    await deleteSession(t.db, a);
    expect(await findSessionUser(t.db, a)).toBeNull();

    await setStaffPassword(t.db, id, 'another-password-1', id, b);
    expect(await findSessionUser(t.db, b)).not.toBeNull();
    expect(await findSessionUser(t.db, c)).toBeNull();

    await setStaffDisabled(t.db, 'boris@club.test', true, null);
    expect(await findSessionUser(t.db, b)).toBeNull();
    await expect(
      authenticateLogin(t.db, loginRequest('boris@club.test', 'another-password-1'), { ip: null }),
    ).rejects.toThrow(LoginError);
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'password', 'disable']));
  });

  it('refuses a stale save and writes nothing', async () => {
    const staff = await createStaffUser(t.db, { email: 'vera@club.test', role: 'editor', password }, null);
    const section = partners;
    const id = await createRow(
      t.db,
      section,
      { name: 'Партнёр', url: 'https://a.example', description: '', logo_image_id: null, published: true },
      staff,
    );
    const values = {
      name: 'Первая правка',
      url: 'https://a.example',
      description: '',
      logo_image_id: null,
      published: true,
    };
    expect(await updateRow(t.db, section, id, 1, values, staff)).toEqual({ ok: true });
    expect(await updateRow(t.db, section, id, 1, { ...values, name: 'Вторая правка' }, staff)).toEqual({
      ok: false,
      reason: 'conflict',
      currentVersion: 2,
    });
    expect((await getRow(t.db, section, id))?.name).toBe('Первая правка');
    const audit = await auditTrail(t.db, 'partner', id);
    expect(audit).toEqual([
      { action: 'create', fields: expect.arrayContaining(['name', 'url']) },
      { action: 'update', fields: ['name'] },
    ]);
  });
});
