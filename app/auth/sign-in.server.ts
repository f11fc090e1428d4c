/**
 * Signing staff in and out (docs/staff-auth.md): remix-auth v4 with a form strategy verifies the credentials
 * (argon2id), and our own server-side sessions (session.server.ts) remember the result.
 */
import type { Logger } from 'pino';
import type { RouterContextProvider } from 'react-router';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { findStaffCredentials } from '#app/auth/accounts.server.ts';
import { limitedAttempt, RefusedAttempt, ThrottledAttempt } from '#app/auth/attempts.server.ts';
import { verifyPassword } from '#app/auth/password.server.ts';
import {
  createSession,
  DEFAULT_SESSION_MAX_DAYS,
  deleteSession,
  findSessionUser,
  pruneExpiredSessions,
} from '#app/auth/session.server.ts';
import { commitSessionCookie, destroySessionCookie, readSessionId } from '#app/auth/session-cookie.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { clientKey, maskEmail } from '#app/infra/too-many-requests.server.ts';
import { recordAudit } from '#app/models/audit.server.ts';
import type { RateLimitRule } from '#app/models/rate-limit.server.ts';
import type { Database } from '#db/index.ts';

/**
 * Failed-login throttling (docs/security.md, "Login throttling"), shared across instances through PostgreSQL.
 * Failures count per (email, client address) and per client address — never per email alone, so nobody can lock a
 * colleague out from another address by typing wrong passwords for their email.
 */
export const LOGIN_LIMIT_PER_EMAIL_AND_IP: RateLimitRule = { points: 5, windowSeconds: 15 * 60 };
export const LOGIN_LIMIT_PER_IP: RateLimitRule = { points: 30, windowSeconds: 15 * 60 };

/** A login refusal whose message is Russian and safe to show on the form. */
export class LoginError extends RefusedAttempt {
  override name = 'LoginError';
}

const INVALID_CREDENTIALS = 'Неверный email или пароль';
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

interface LoginUser {
  id: number;
  email: string;
}

export interface LoginClient {
  ip: string | null;
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Verifies an email/password form. Every attempt takes a point from both windows before the (slow) hash check
 * (attempts.server.ts), so a throttled attacker costs us no argon2 work; a successful login gives its points back.
 */
export async function authenticateLogin(db: Database, request: Request, client: LoginClient): Promise<LoginUser> {
  const authenticator = new Authenticator<LoginUser>().use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get('email') ?? '')
        .trim()
        .toLowerCase()
        .slice(0, 200);
      const password = String(form.get('password') ?? '');
      if (!email || !password) throw new LoginError('Введите email и пароль');
      // No staff email holds a control character (a NUL cannot even be stored): such an attempt is a wrong one.
      const impossibleEmail = CONTROL_CHARACTER.test(email);

      const address = clientKey(client.ip);
      const attempt = await limitedAttempt(
        db,
        [
          { key: `login:email-ip:${address}:${email}`, rule: LOGIN_LIMIT_PER_EMAIL_AND_IP, onSuccess: 'reset' },
          { key: `login:ip:${address}`, rule: LOGIN_LIMIT_PER_IP, onSuccess: 'refund' },
        ],
        async () => {
          const user = impossibleEmail ? undefined : await findStaffCredentials(db, email);
          // Without an account we still hash once, so response time does not reveal which emails exist.
          const valid = await verifyPassword(user?.password_hash ?? DUMMY_HASH, password);
          return user && valid && !user.disabled ? { id: user.id, email: user.email } : null;
        },
      );
      if (attempt.refused) {
        // The first refused attempt of a window starts the lockout: log it once, with the email masked (never
        // the password).
        if (attempt.lockoutStarted) {
          client.logger?.warn(
            {
              email: maskEmail(email),
              ip: client.ip,
              scope: attempt.results[1]!.allowed ? 'email+ip' : 'ip',
              retryAfterSeconds: attempt.retryAfterSeconds,
            },
            'login locked after repeated failures',
          );
        }
        // Too many failed attempts from this address: answered with 429 and `Retry-After`.
        throw new ThrottledAttempt('входа', attempt.retryAfterSeconds);
      }
      if (!attempt.result) throw new LoginError(INVALID_CREDENTIALS);
      return attempt.result;
    }),
    'form',
  );
  return authenticator.authenticate('form', request);
}

// argon2id hash of a random string nobody knows; only used to spend equal time on unknown emails.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$/hAAEvDGIJICkZmLVkORfw$YDqImUpWZeqVws6iYrmtoCd88xxVMgbFJCH83/F0jxY';

/**
 * The end of every sign-in (after the password, and after the code when two-factor sign-in is on): a new
 * server-side session, audited with how the member proved who they are. Returns the session cookie.
 */
export async function startStaffSession(
  db: Database,
  secret: string,
  staffUserId: number,
  meta: {
    userAgent: string;
    ip: string | null;
    method: 'password' | 'totp' | 'recovery_code';
    /** `SESSION_MAX_DAYS`. */
    maxDays?: number;
  },
): Promise<string> {
  const sessionId = await createSession(db, staffUserId, { ...meta, secondFactor: meta.method !== 'password' });
  await recordAudit(db, { staffUserId, action: 'login', entity: 'session', entityId: null, fields: [meta.method] });
  // Housekeeping on a rare event: expired sessions are dead anyway, this only keeps the table small.
  await pruneExpiredSessions(db);
  return commitSessionCookie(secret, sessionId, meta.maxDays ?? DEFAULT_SESSION_MAX_DAYS);
}

/** Logging out: the session of the request's cookie ends (audited when it was alive); returns the cleared cookie. */
export async function signOut(context: Readonly<RouterContextProvider>, request: Request): Promise<string> {
  const services = getServices(context);
  const db = services.database.db;
  const sessionId = await readSessionId(request, services.sessionSecret);
  if (sessionId) {
    const staff = await findSessionUser(db, sessionId, { maxDays: services.env.SESSION_MAX_DAYS });
    await deleteSession(db, sessionId);
    if (staff) await recordAudit(db, { staffUserId: staff.id, action: 'logout', entity: 'session', entityId: null });
  }
  return destroySessionCookie(services.sessionSecret);
}
