/** Staff accounts: used by /admin/staff and by the staff CLI (scripts/staff.ts), so relative imports only. */

import { hashPassword, MIN_PASSWORD_LENGTH } from '#app/infra/password.server.ts';
import { recordAudit } from '#app/models/audit.server.ts';
import { deleteUserSessions } from '#app/services/session.server.ts';
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
  await recordAudit(db, {
    staffUserId: actorId,
    action: 'create',
    entity: 'staff_user',
    entityId: inserted.id,
    fields: ['email', 'role'],
  });
  return inserted.id;
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
    await recordAudit(trx, {
      staffUserId: actorId,
      action: disabled ? 'disable' : 'enable',
      entity: 'staff_user',
      entityId: id,
      fields: ['disabled'],
    });
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
    await recordAudit(trx, {
      staffUserId: actorId,
      action: 'password',
      entity: 'staff_user',
      entityId: id,
      fields: ['password_hash'],
    });
  });
  return id;
}

/** Audit entries with who made them, newest first: the shared base of the audit page and the dashboard. */
export function selectAuditEntries(db: Database) {
  return db
    .selectFrom('audit_log')
    .leftJoin('staff_users', 'staff_users.id', 'audit_log.staff_user_id')
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.fields',
      'audit_log.created_at',
      'staff_users.name as staff_name',
      'staff_users.email as staff_email',
    ]);
}

export async function listAudit(db: Database, before: number | null, limit = 50) {
  let query = selectAuditEntries(db)
    .orderBy('audit_log.id', 'desc')
    .limit(limit + 1);
  if (before !== null) query = query.where('audit_log.id', '<', before);
  const rows = await query.execute();
  return { entries: rows.slice(0, limit), nextBefore: rows.length > limit ? rows[limit - 1]!.id : null };
}
