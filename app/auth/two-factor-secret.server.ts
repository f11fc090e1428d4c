/**
 * Second-factor data of staff accounts (docs/staff-auth.md): the encrypted TOTP secret, the last accepted time step
 * and the hashed one-time recovery codes. Encryption and hashing happen in app/auth/totp.server.ts; the
 * statements here keep the single-use rules atomic, so two requests racing with one code cannot both pass.
 */
import { sql } from 'kysely';
import { normaliseEmail, StaffInputError } from '#app/auth/accounts.server.ts';
import { deleteUserLoginChallenges } from '#app/auth/login-challenge.server.ts';
import { deleteUserSessions, markSessionSecondFactor } from '#app/auth/session.server.ts';
import { recordStaffUserAudit } from '#app/models/audit.server.ts';
import { countRows } from '#app/models/count.server.ts';
import type { Database } from '#db/index.ts';
import type { StaffRole } from '#db/schema.ts';

export interface TwoFactorRecord {
  id: number;
  email: string;
  role: StaffRole;
  /** Encrypted; null while two-factor sign-in is off. */
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
  /** Encrypted secret of a setup not yet confirmed with a code. */
  totpPendingSecret: string | null;
}

/** The second-factor state of an active (not disabled) staff account. */
export function findTwoFactorRecord(db: Database, staffUserId: number): Promise<TwoFactorRecord | undefined> {
  return db
    .selectFrom('staff_users')
    .select([
      'id',
      'email',
      'role',
      'totp_secret as totpSecret',
      'totp_enabled_at as totpEnabledAt',
      'totp_last_step as totpLastStep',
      'totp_pending_secret as totpPendingSecret',
    ])
    .where('id', '=', staffUserId)
    .where('disabled', '=', false)
    .executeTakeFirst();
}

export function countUnusedRecoveryCodes(db: Database, staffUserId: number): Promise<number> {
  return countRows(
    db.selectFrom('staff_recovery_codes').where('staff_user_id', '=', staffUserId).where('used_at', 'is', null),
  );
}

/**
 * Remembers (or, with null, forgets) the secret shown for setup until a code confirms it. Only while two-factor
 * sign-in is off: an app already set up is replaced by turning it off (with a code) and on again, never by a session
 * alone.
 */
export async function setPendingTotpSecret(db: Database, staffUserId: number, encrypted: string | null) {
  await db
    .updateTable('staff_users')
    .set({ totp_pending_secret: encrypted })
    .where('id', '=', staffUserId)
    .where('totp_secret', 'is', null)
    .execute();
}

/**
 * Records `step` as the last accepted one, if it is later than the one recorded: one statement, so a code
 * presented twice at once is accepted once. False means the code was already used (replay).
 */
export async function acceptTotpStep(db: Database, staffUserId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('staff_users')
    .set({ totp_last_step: step })
    .where('id', '=', staffUserId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function consumeRecoveryCode(db: Database, staffUserId: number, codeHash: string): Promise<boolean> {
  const row = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('staff_user_id', '=', staffUserId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Re-keys the stored recovery-code hashes that predate keyed hashes: those not starting with `keyedPrefix`, which
 * `rekey` maps to their keyed form. Each row changes only while it still holds the old value, so two instances
 * starting at once do not clash. Returns how many changed.
 */
export async function rekeyRecoveryCodeHashes(
  db: Database,
  keyedPrefix: string,
  rekey: (stored: string) => string,
): Promise<number> {
  const legacy = await db
    .selectFrom('staff_recovery_codes')
    .select(['id', 'code_hash'])
    .where('code_hash', 'not like', `${keyedPrefix}%`)
    .execute();
  let changed = 0;
  for (const row of legacy) {
    const result = await db
      .updateTable('staff_recovery_codes')
      .set({ code_hash: rekey(row.code_hash) })
      .where('id', '=', row.id)
      .where('code_hash', '=', row.code_hash)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}

async function insertRecoveryCodes(db: Database, staffUserId: number, codeHashes: string[]) {
  await db.deleteFrom('staff_recovery_codes').where('staff_user_id', '=', staffUserId).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ staff_user_id: staffUserId, code_hash })))
    .execute();
}

/**
 * Switches two-factor sign-in on with the pending secret that a code has just confirmed, and replaces the recovery
 * codes. False when it is already on, or the pending secret changed meanwhile (setup started again in another
 * tab): nothing is changed.
 */
export async function enableTotp(
  db: Database,
  staffUserId: number,
  input: { pendingSecret: string; secret: string; step: number; recoveryCodeHashes: string[] },
  actorId: number | null,
  keepSession?: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('staff_users')
      .set({
        totp_secret: input.secret,
        totp_enabled_at: sql<Date>`now()`,
        totp_last_step: input.step,
        totp_pending_secret: null,
        updated_at: new Date(),
      })
      .where('id', '=', staffUserId)
      .where('totp_secret', 'is', null)
      .where('totp_pending_secret', '=', input.pendingSecret)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await insertRecoveryCodes(trx, staffUserId, input.recoveryCodeHashes);
    // The other sessions may have come from a stolen password: they end with the new factor (docs/staff-auth.md).
    await deleteUserSessions(trx, staffUserId, keepSession);
    if (keepSession) await markSessionSecondFactor(trx, staffUserId, keepSession);
    await recordStaffUserAudit(trx, actorId, 'totp_enable', staffUserId, ['totp_secret']);
    return true;
  });
}

/** New recovery codes; the old ones, used or not, stop working. */
export async function replaceRecoveryCodes(
  db: Database,
  staffUserId: number,
  codeHashes: string[],
  actorId: number | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertRecoveryCodes(trx, staffUserId, codeHashes);
    await recordStaffUserAudit(trx, actorId, 'recovery_codes', staffUserId, ['recovery_codes']);
  });
}

/**
 * Switches two-factor sign-in off: the secret, any pending setup and every recovery code are gone. A reset by
 * somebody else (an admin, the CLI) also ends the member's sessions and unfinished sign-ins: it is what happens
 * when a phone is lost, and whoever holds it must not stay signed in.
 */
export async function disableTotp(
  db: Database,
  staffUserId: number,
  actorId: number | null,
  how: 'by-owner' | 'reset',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_users')
      .set({
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        totp_pending_secret: null,
        updated_at: new Date(),
      })
      .where('id', '=', staffUserId)
      .execute();
    await trx.deleteFrom('staff_recovery_codes').where('staff_user_id', '=', staffUserId).execute();
    if (how === 'reset') {
      await deleteUserSessions(trx, staffUserId);
      await deleteUserLoginChallenges(trx, staffUserId);
    }
    await recordStaffUserAudit(trx, actorId, how === 'reset' ? 'totp_reset' : 'totp_disable', staffUserId, [
      'totp_secret',
    ]);
  });
}

/** An admin's or the CLI's reset of a member's second factor, by id or email; returns the member's id. */
export async function resetStaffTwoFactor(db: Database, target: number | string, actorId: number | null) {
  const row = await db
    .selectFrom('staff_users')
    .select('id')
    .where(
      typeof target === 'number' ? 'id' : 'email',
      '=',
      typeof target === 'number' ? target : normaliseEmail(target),
    )
    .executeTakeFirst();
  if (!row) throw new StaffInputError(`Сотрудник ${target} не найден`);
  await disableTotp(db, row.id, actorId, 'reset');
  return row.id;
}
