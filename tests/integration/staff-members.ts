/** Staff members the sign-in tests build on (docs/staff-auth.md): an account with a password, and its app's setup. */
import { randomBytes } from 'node:crypto';
import { createStaffUser } from '#app/auth/accounts.server.ts';
import { decryptTotpSecret, totpEncryptionKey } from '#app/auth/totp.server.ts';
import { findTwoFactorRecord } from '#app/auth/two-factor-secret.server.ts';
import type { Database } from '#db/index.ts';

/** The `SESSION_SECRET` of the sign-in tests: it signs their cookies and keys their stored secrets. */
export const SESSION_SECRET = 'integration-session-secret-of-32-characters';
/** An app's codes change every 30 seconds. */
export const STEP_MS = 30_000;

/** A member with an email of their own and a password; returns the id, the email and the role. */
export async function newMember(t: { db: Database }, role: 'admin' | 'editor' = 'editor') {
  const email = `m-${randomBytes(4).toString('hex')}@club.test`;
  const id = await createStaffUser(t.db, { email, role, password: 'member-password-1' }, null);
  return { id, email, role };
}

/** The plain secret of the setup in progress, as the member's app would get it from the QR code. */
export async function pendingSecret(t: { db: Database }, id: number): Promise<string> {
  const record = await findTwoFactorRecord(t.db, id);
  return decryptTotpSecret(totpEncryptionKey(SESSION_SECRET), id, record!.totpPendingSecret!)!;
}
