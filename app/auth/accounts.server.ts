/** Staff accounts: used by /admin/staff, the login, the start-up admin account and the staff CLI (scripts/staff.ts). */

import { sql } from 'kysely';
import { deleteUserLoginChallenges } from '#app/auth/login-challenge.server.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from '#app/auth/password.server.ts';
import { deleteUserSessions } from '#app/auth/session.server.ts';
import { recordStaffUserAudit } from '#app/models/audit.server.ts';
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

/** True once an account exists that can sign in (the demo's manager is off until an admin turns it on). */
export async function hasEnabledStaff(db: Database): Promise<boolean> {
  const row = await db.selectFrom('staff_users').select('id').where('disabled', '=', false).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function listStaff(db: Database) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'email', 'name', 'role', 'disabled', 'created_at'])
    .select((eb) => eb('totp_enabled_at', 'is not', null).as('two_factor'))
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('staff_user_gyms')
            .select(sql<number[]>`array_agg(gym_id ORDER BY gym_id)`.as('ids'))
            .whereRef('staff_user_gyms.staff_user_id', '=', 'staff_users.id'),
          sql<number[]>`'{}'::int[]`,
        )
        .as('gym_ids'),
    )
    .orderBy('email')
    .execute();
}

/** The gyms a manager looks after (docs/product/roles.md). */
export async function staffGymIds(db: Database, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('staff_user_gyms')
    .select('gym_id')
    .where('staff_user_id', '=', id)
    .orderBy('gym_id')
    .execute();
  return rows.map((row) => row.gym_id);
}

/**
 * Makes a member the manager of `gymIds` (at least one), or changes a manager's gyms. Their sessions go on with the
 * new gyms at the next request; the change is audited as a change of role and gyms.
 */
export async function setStaffManager(db: Database, id: number, gymIds: number[], actorId: number | null) {
  if (gymIds.length === 0) throw new StaffInputError('Выберите хотя бы один зал менеджера');
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('staff_users')
      .set({ role: 'manager', updated_at: new Date() })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new StaffInputError('Сотрудник не найден');
    await trx.deleteFrom('staff_user_gyms').where('staff_user_id', '=', id).execute();
    await trx
      .insertInto('staff_user_gyms')
      .values(gymIds.map((gym) => ({ staff_user_id: id, gym_id: gym })))
      .execute();
    await deleteUserLoginChallenges(trx, id);
    await recordStaffUserAudit(trx, actorId, 'role', id, ['role', 'gyms']);
  });
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
      name: (input.name ?? '').trim().slice(0, MAX_NAME_LENGTH),
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

/** The longest name a staff account keeps. */
export const MAX_NAME_LENGTH = 200;

/** A member's name as shown in the staff area and the audit log; audited as a change of `name`. */
export async function setStaffName(db: Database, id: number, name: string, actorId: number | null) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_users')
      .set({ name: name.trim().slice(0, MAX_NAME_LENGTH), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await recordStaffUserAudit(trx, actorId, 'update', id, ['name']);
  });
}

/** The password hash of an active account, by id (the member's own password change checks the current one). */
export async function findPasswordHash(db: Database, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('staff_users')
    .select('password_hash')
    .where('id', '=', id)
    .where('disabled', '=', false)
    .executeTakeFirst();
  return row?.password_hash;
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

/** Disabling ends every session and every unfinished sign-in of the user at once. */
export async function setStaffDisabled(
  db: Database,
  target: number | string,
  disabled: boolean,
  actorId: number | null,
) {
  const id = typeof target === 'number' ? target : await findId(db, target);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff_users').set({ disabled, updated_at: new Date() }).where('id', '=', id).execute();
    if (disabled) {
      await deleteUserSessions(trx, id);
      await deleteUserLoginChallenges(trx, id);
    }
    await recordStaffUserAudit(trx, actorId, disabled ? 'disable' : 'enable', id, ['disabled']);
  });
  return id;
}

/**
 * A new password ends the user's other sessions (`keepSession` is the one making the change) and every unfinished
 * sign-in: one started with the old password must not complete (docs/staff-auth.md).
 */
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
    await deleteUserLoginChallenges(trx, id);
    await recordStaffUserAudit(trx, actorId, 'password', id, ['password_hash']);
  });
  return id;
}

/**
 * A new role. The sign-ins in progress end: their second step was chosen for the old role (`REQUIRE_2FA=admins`).
 * Sessions go on with the new role at once; one that the new role no longer allows without a code is sent through
 * the second step at its next request (docs/staff-auth.md).
 */
export async function setStaffRole(db: Database, target: number | string, role: StaffRole, actorId: number | null) {
  const id = typeof target === 'number' ? target : await findId(db, target);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('staff_users')
      .set({ role, updated_at: new Date() })
      .where('id', '=', id)
      .where('role', '!=', role)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return;
    // Admins and editors look after every gym.
    await trx.deleteFrom('staff_user_gyms').where('staff_user_id', '=', id).execute();
    await deleteUserLoginChallenges(trx, id);
    await recordStaffUserAudit(trx, actorId, 'role', id, ['role']);
  });
  return id;
}
