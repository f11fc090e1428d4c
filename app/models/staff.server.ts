/** Staff accounts: used by /admin/staff, the login, the start-up admin account and the staff CLI (scripts/staff.ts). */

import { hashPassword, MIN_PASSWORD_LENGTH } from '#app/infra/password.server.ts';
import { recordStaffUserAudit } from '#app/models/audit.server.ts';
import { deleteUserSessions } from '#app/models/session.server.ts';
import type { Database } from '#db/index.ts';
import type { StaffRole } from '#db/schema.ts';

export { MIN_PASSWORD_LENGTH };

export class StaffInputError extends Error {
  override name = 'StaffInputError';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (!EMAIL.test(value) || value.length > 200) throw new StaffInputError('Неверный email');
  return value;
}

function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new StaffInputError(`Пароль должен быть не короче ${MIN_PASSWORD_LENGTH} символов`);
  }
}

/** True once any staff account exists, enabled or not. */
export async function hasAnyStaff(db: Database): Promise<boolean> {
  return (await db.selectFrom('staff_users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function listStaff(db: Database) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'email', 'name', 'role', 'disabled', 'created_at'])
    .select((eb) => eb('totp_enabled_at', 'is not', null).as('two_factor'))
    .orderBy('email')
    .execute();
}

export async function createStaffUser(
  db: Database,
  input: { email: string; name?: string; role: StaffRole; password: string },
  actorId: number | null,
): Promise<number> {
  const email = normaliseEmail(input.email);
  checkPassword(input.password);
  const inserted = await db
    .insertInto('staff_users')
    .values({
      email,
      name: (input.name ?? '').trim().slice(0, 200),
      role: input.role,
      password_hash: await hashPassword(input.password),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new StaffInputError(`Сотрудник ${email} уже есть`);
  await recordStaffUserAudit(db, actorId, 'create', inserted.id, ['email', 'role']);
  return inserted.id;
}

/** What the login checks: the password hash and whether the account is disabled. */
export async function findStaffCredentials(db: Database, email: string) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'email', 'password_hash', 'disabled'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Creates an admin unless an account with that email exists; never overwrites. True when it was created. */
export async function createAdminUnlessExists(db: Database, email: string, name: string, password: string) {
  const inserted = await db
    .insertInto('staff_users')
    .values({ email, name, password_hash: await hashPassword(password), role: 'admin' })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

async function findId(db: Database, email: string): Promise<number> {
  const row = await db
    .selectFrom('staff_users')
    .select('id')
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  if (!row) throw new StaffInputError(`Сотрудник ${email} не найден`);
  return row.id;
}

/** Disabling ends every session of the user at once. */
export async function setStaffDisabled(
  db: Database,
  target: number | string,
  disabled: boolean,
  actorId: number | null,
) {
  const id = typeof target === 'number' ? target : await findId(db, target);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff_users').set({ disabled, updated_at: new Date() }).where('id', '=', id).execute();
    if (disabled) await deleteUserSessions(trx, id);
    await recordStaffUserAudit(trx, actorId, disabled ? 'disable' : 'enable', id, ['disabled']);
  });
  return id;
}

/** A new password ends the user's other sessions (`keepSession` is the one making the change). */
export async function setStaffPassword(
  db: Database,
  target: number | string,
  password: string,
  actorId: number | null,
  keepSession?: string,
) {
  checkPassword(password);
  const id = typeof target === 'number' ? target : await findId(db, target);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_users')
      .set({ password_hash: hash, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await deleteUserSessions(trx, id, keepSession);
    await recordStaffUserAudit(trx, actorId, 'password', id, ['password_hash']);
  });
  return id;
}
