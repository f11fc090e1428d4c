/**
 * The member's own account on `/admin/account` (docs/staff-auth.md, "The profile"): the name the staff area and the
 * audit log show, and a new password — only with the current one, which is throttled like a sign-in, and ending the
 * member's other sessions and every sign-in in progress.
 */
import {
  findPasswordHash,
  MAX_NAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  setStaffName,
  setStaffPassword,
} from '#app/auth/accounts.server.ts';
import { limitedAttempt } from '#app/auth/attempts.server.ts';
import { verifyPassword } from '#app/auth/password.server.ts';
import { LOGIN_LIMIT_PER_EMAIL_AND_IP, LOGIN_LIMIT_PER_IP } from '#app/auth/sign-in.server.ts';
import { clientKey, retryAfterText } from '#app/infra/too-many-requests.server.ts';
import type { Database } from '#db/index.ts';

/** Per-field Russian messages of a refused change; `retryAfterSeconds` when throttled (a 429). */
export interface AccountErrors {
  fields: Partial<Record<'name' | 'current' | 'password' | 'repeat', string>>;
  retryAfterSeconds?: number;
}

export type AccountResult = { ok: true } | ({ ok: false } & AccountErrors);

export async function changeOwnName(db: Database, staffUserId: number, raw: string): Promise<AccountResult> {
  const name = raw.trim();
  if (!name) return { ok: false, fields: { name: 'Введите имя' } };
  if (name.length > MAX_NAME_LENGTH) return { ok: false, fields: { name: `Не длиннее ${MAX_NAME_LENGTH} символов` } };
  await setStaffName(db, staffUserId, name, staffUserId);
  return { ok: true };
}

/**
 * A new password for the signed-in member, after the right current one. The session `keepSession` stays; every
 * other session and every sign-in in progress of the account ends (`setStaffPassword`), and the change is audited.
 */
export async function changeOwnPassword(
  db: Database,
  member: { id: number; sessionId: string },
  input: { current: string; password: string; repeat: string },
  ip: string | null,
): Promise<AccountResult> {
  const fields: AccountErrors['fields'] = {};
  if (!input.current) fields.current = 'Введите текущий пароль';
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    fields.password = `Пароль должен быть не короче ${MIN_PASSWORD_LENGTH} символов`;
  } else if (input.password !== input.repeat) fields.repeat = 'Пароли не совпадают';
  if (Object.keys(fields).length > 0) return { ok: false, fields };

  // Wrong current passwords count per account (a session left open on a shared computer must not become a way to
  // guess the password) and per client address, with the sign-in's limits (docs/security.md).
  const attempt = await limitedAttempt(
    db,
    [
      { key: `account-password:${member.id}`, rule: LOGIN_LIMIT_PER_EMAIL_AND_IP, onSuccess: 'reset' },
      { key: `account-password:ip:${clientKey(ip)}`, rule: LOGIN_LIMIT_PER_IP, onSuccess: 'refund' },
    ],
    async () => {
      const hash = await findPasswordHash(db, member.id);
      return hash && (await verifyPassword(hash, input.current)) ? true : null;
    },
  );
  if (attempt.refused) {
    return {
      ok: false,
      fields: { current: `Слишком много попыток. Попробуйте снова ${retryAfterText(attempt.retryAfterSeconds)}.` },
      retryAfterSeconds: attempt.retryAfterSeconds,
    };
  }
  if (!attempt.result) return { ok: false, fields: { current: 'Неверный текущий пароль' } };
  await setStaffPassword(db, member.id, input.password, member.id, member.sessionId);
  return { ok: true };
}
