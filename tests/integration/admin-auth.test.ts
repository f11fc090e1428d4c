import { expect, it } from 'vitest';
import { createRow, getRow, updateRow } from '#app/models/admin/content.server.ts';
import { sectionForPath } from '#app/models/admin/sections.server.ts';
import { createStaffUser, setStaffDisabled, setStaffPassword } from '#app/models/admin/staff.server.ts';
import { authenticateLogin, LoginError } from '#app/services/auth.server.ts';
import { createSession, deleteSession, findSessionUser } from '#app/services/session.server.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';

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
    const user = await authenticateLogin(t.db, loginRequest('anna@club.test', password), '10.0.0.1');
    expect(user.id).toBe(id);
    await expect(authenticateLogin(t.db, loginRequest('anna@club.test', 'wrong-password'), '10.0.0.1')).rejects.toThrow(
      new LoginError('Неверный email или пароль'),
    );
  });

  it('throttles failed logins per email', async () => {
    for (let i = 0; i < 5; i++) {
      await expect(authenticateLogin(t.db, loginRequest('ghost@club.test', `nope-${i}`), '10.0.0.2')).rejects.toThrow(
        'Неверный email или пароль',
      );
    }
    await expect(authenticateLogin(t.db, loginRequest('ghost@club.test', 'nope'), '10.0.0.3')).rejects.toThrow(
      /Слишком много попыток входа/,
    );
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
    await expect(authenticateLogin(t.db, loginRequest('boris@club.test', 'another-password-1'), null)).rejects.toThrow(
      LoginError,
    );
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'password', 'disable']));
  });

  it('refuses a stale save and writes nothing', async () => {
    const staff = await createStaffUser(t.db, { email: 'vera@club.test', role: 'editor', password }, null);
    const section = sectionForPath('/admin/partners');
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
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'fields'])
      .where('entity', '=', 'partner')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'create', fields: expect.arrayContaining(['name', 'url']) },
      { action: 'update', fields: ['name'] },
    ]);
  });
});
