/** `npm run staff -- reset-2fa <email>`: the way back in for a member who lost their phone and their recovery codes. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createStaffUser } from '#app/auth/accounts.server.ts';
import { createSession, findSessionUser } from '#app/auth/session.server.ts';
import { decryptTotpSecret, totpCode, totpEncryptionKey } from '#app/auth/totp.server.ts';
import { confirmTotpSetup, startTotpSetup } from '#app/auth/two-factor.server.ts';
import { findTwoFactorRecord } from '#app/auth/two-factor-secret.server.ts';
import type { DbHandle } from '#db/index.ts';
import { useTempDir } from '#tests/fixtures/temp-dir.ts';
import { openPgliteDir } from '#tests/integration/db-harness.ts';

const run = promisify(execFile);
const SECRET = 'cli-test-session-secret-of-32-characters!';

// Three PGlite opens and two CLI runs (each a Node start and a PGlite open): long on a busy machine.
describe('staff CLI', { timeout: 120_000 }, () => {
  const dataDir = useTempDir('club-cli-');

  async function withDb<T>(fn: (db: DbHandle['db']) => Promise<T>): Promise<T> {
    const handle = await openPgliteDir(path.join(dataDir(), 'pglite'));
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  }

  function staffCli(...args: string[]) {
    return run(process.execPath, ['scripts/staff.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '' },
    });
  }

  it("turns the member's second factor off and ends their sessions; an unknown email is an error", async () => {
    const { id, session } = await withDb(async (db) => {
      const id = await createStaffUser(
        db,
        { email: 'lost.phone@club.test', role: 'admin', password: 'pw-123456789' },
        null,
      );
      const ctx = { db, sessionSecret: SECRET, client: { ip: null } };
      await startTotpSetup(ctx, id);
      const record = await findTwoFactorRecord(db, id);
      const secret = decryptTotpSecret(totpEncryptionKey(SECRET), id, record!.totpPendingSecret!)!;
      await confirmTotpSetup(ctx, id, totpCode(secret), id);
      return { id, session: await createSession(db, id, { userAgent: 'test', ip: null }) };
    });

    const { stdout } = await staffCli('reset-2fa', 'Lost.Phone@club.test');
    expect(stdout).toContain('Двухфакторный вход сотрудника Lost.Phone@club.test сброшен, его сеансы завершены');

    await withDb(async (db) => {
      expect((await findTwoFactorRecord(db, id))?.totpSecret).toBeNull();
      expect(await findSessionUser(db, session)).toBeNull();
      const audit = await db
        .selectFrom('audit_log')
        .select(['action', 'staff_user_id'])
        .where('entity_id', '=', id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toEqual({ action: 'totp_reset', staff_user_id: null });
    });

    const failed = await staffCli('reset-2fa', 'nobody@club.test').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('Сотрудник nobody@club.test не найден');
  });

  it('answers in Russian and keeps the commands of the README', async () => {
    const created = await run(
      process.execPath,
      ['scripts/staff.ts', 'create', 'anna@club.test', '--role', 'editor', '--name', 'Анна Ковалёва'],
      { env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '', STAFF_PASSWORD: 'anna-password-1' } },
    );
    expect(created.stdout).toMatch(/^Добавлен сотрудник anna@club\.test \(редактор, №\d+\): Анна Ковалёва$/m);
    await withDb(async (db) => {
      const row = await db
        .selectFrom('staff_users')
        .select(['name', 'role'])
        .where('email', '=', 'anna@club.test')
        .executeTakeFirst();
      expect(row).toEqual({ name: 'Анна Ковалёва', role: 'editor' });
    });

    // Without a terminal and without --name the account is still made, and the CLI says where to add the name.
    const unnamed = await run(process.execPath, ['scripts/staff.ts', 'create', 'boris@club.test', '--role', 'admin'], {
      env: { ...process.env, DATA_DIR: dataDir(), DATABASE_URL: '', STAFF_PASSWORD: 'boris-password-1' },
    });
    expect(unnamed.stdout).toContain('Добавлен сотрудник boris@club.test (администратор');
    expect(unnamed.stdout).toContain('Имя не задано');

    expect((await staffCli('role', 'boris@club.test', '--role', 'editor')).stdout).toContain(
      'Сотрудник boris@club.test теперь редактор',
    );
    expect((await staffCli('disable', 'boris@club.test')).stdout).toContain(
      'Сотрудник boris@club.test отключён, его сеансы завершены',
    );
    const listed = (await staffCli('list')).stdout;
    expect(listed).toContain('anna@club.test\tАнна Ковалёва\tредактор');
    expect(listed).toMatch(/boris@club\.test\t—\tредактор\tотключён/);

    for (const args of [[], ['create', 'x@club.test'], ['fly', 'x@club.test'], ['--bogus']]) {
      const wrong = await staffCli(...args).catch((error: { code: number; stdout: string; stderr: string }) => error);
      const text = `${(wrong as { stdout: string }).stdout}${(wrong as { stderr: string }).stderr}`;
      expect(text, args.join(' ')).toMatch(/Как запустить:|Укажите роль/);
      expect(text).not.toMatch(/Usage|Error:| {4}at /);
    }
  });
});
