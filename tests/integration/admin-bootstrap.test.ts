import pino from 'pino';
import { expect, it } from 'vitest';
import { ensureAdminFromEnv, noStaffHint } from '#app/auth/admin-bootstrap.server.ts';
import { verifyPassword } from '#app/auth/password.server.ts';
import { parseEnv } from '#app/infra/env.server.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';

const silent = pino({ level: 'silent' });

describeEachDb('first staff account from ADMIN_EMAIL / ADMIN_PASSWORD', (t) => {
  it('creates an admin with an argon2id hash, and never overwrites an existing account', async () => {
    const env = parseEnv({ ADMIN_EMAIL: 'Boss@Club.test', ADMIN_PASSWORD: 'first-password-1' });
    await ensureAdminFromEnv(t.db, env, silent);
    const user = await t.db
      .selectFrom('staff_users')
      .selectAll()
      .where('email', '=', 'boss@club.test')
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('admin');
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.password_hash, 'first-password-1')).toBe(true);

    await ensureAdminFromEnv(
      t.db,
      parseEnv({ ADMIN_EMAIL: 'boss@club.test', ADMIN_PASSWORD: 'another-password-2' }),
      silent,
    );
    const again = await t.db
      .selectFrom('staff_users')
      .select('password_hash')
      .where('email', '=', 'boss@club.test')
      .executeTakeFirstOrThrow();
    expect(again.password_hash).toBe(user.password_hash);
  });

  it('does nothing without both variables', async () => {
    await ensureAdminFromEnv(t.db, parseEnv({ ADMIN_EMAIL: 'nobody@club.test' }), silent);
    const count = await t.db
      .selectFrom('staff_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'nobody@club.test')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('says how to make the first staff account while there is none', async () => {
    await t.db.deleteFrom('staff_users').execute();
    expect(await noStaffHint(t.db)).toBe(
      'Сотрудников пока нет. Чтобы войти на /login, перезапустите с ADMIN_EMAIL и ADMIN_PASSWORD (не короче 10 символов) ' +
        'или создайте учётную запись: npm run staff -- create you@example.ru --role admin',
    );
    await ensureAdminFromEnv(
      t.db,
      parseEnv({ ADMIN_EMAIL: 'first@club.test', ADMIN_PASSWORD: 'first-password-1' }),
      silent,
    );
    expect(await noStaffHint(t.db)).toBeNull();
  });
});
