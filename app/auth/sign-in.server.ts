/**
 * Staff authentication: remix-auth v4 with a form strategy verifies the credentials (argon2id),
 * and our own server-side sessions (session.server.ts) remember the result.
 */
import type { Logger } from 'pino';
import { createContext, type RouterContextProvider, redirect } from 'react-router';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { findStaffCredentials } from '#app/auth/accounts.server.ts';
import { verifyPassword } from '#app/auth/password.server.ts';
import {
  createSession,
  DEFAULT_SESSION_MAX_DAYS,
  pruneExpiredSessions,
  type StaffIdentity,
} from '#app/auth/session.server.ts';
import {
  checkStaffSession,
  commitSessionCookie,
  type SessionRules,
  sessionRules,
} from '#app/auth/session-cookie.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { clientKey, maskEmail, retryAfterText } from '#app/infra/too-many-requests.server.ts';
import { recordAudit } from '#app/models/audit.server.ts';
import {
  consumeRateLimit,
  type RateLimitRule,
  refundRateLimit,
  refusedFor,
  resetRateLimit,
} from '#app/models/rate-limit.server.ts';
import type { Database } from '#db/index.ts';

export type { StaffIdentity } from '#app/auth/session.server.ts';

/** The signed-in staff user of the request; set by the /admin middleware. */
export const staffContext = createContext<StaffIdentity | null>(null);

/**
 * Failed-login throttling (docs/security.md, "Login throttling"), shared across instances through PostgreSQL.
 * Failures count per (email, client address) and per client address — never per email alone, so nobody can lock a
 * colleague out from another address by typing wrong passwords for their email.
 */
export const LOGIN_LIMIT_PER_EMAIL_AND_IP: RateLimitRule = { points: 5, windowSeconds: 15 * 60 };
export const LOGIN_LIMIT_PER_IP: RateLimitRule = { points: 30, windowSeconds: 15 * 60 };

/** A login refusal whose message is Russian and safe to show on the form. */
export class LoginError extends Error {
  override name = 'LoginError';
}

/** Too many failed attempts from this address: answered with 429 and `Retry-After`. */
export class LoginThrottledError extends LoginError {
  override name = 'LoginThrottledError';
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Слишком много попыток входа. Попробуйте снова ${retryAfterText(retryAfterSeconds)}.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
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
 * Verifies an email/password form. Every attempt takes a point from both windows before the (slow) hash check —
 * atomically, so parallel guesses cannot slip past the limit, and a throttled attacker costs us no argon2 work.
 * A successful login then gives its points back: only failures stay counted.
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
      const emailKey = `login:email-ip:${address}:${email}`;
      const ipKey = `login:ip:${address}`;
      const [byEmail, byIp] = await Promise.all([
        consumeRateLimit(db, emailKey, LOGIN_LIMIT_PER_EMAIL_AND_IP),
        consumeRateLimit(db, ipKey, LOGIN_LIMIT_PER_IP),
      ]);
      const wait = refusedFor(byEmail, byIp);
      if (wait !== null) {
        // The first refused attempt of a window starts the lockout: log it once, with the email masked (never
        // the password).
        const started =
          byEmail.used === LOGIN_LIMIT_PER_EMAIL_AND_IP.points + 1 || byIp.used === LOGIN_LIMIT_PER_IP.points + 1;
        if (started) {
          client.logger?.warn(
            {
              email: maskEmail(email),
              ip: client.ip,
              scope: byIp.allowed ? 'email+ip' : 'ip',
              retryAfterSeconds: wait,
            },
            'login locked after repeated failures',
          );
        }
        throw new LoginThrottledError(wait);
      }

      const user = impossibleEmail ? undefined : await findStaffCredentials(db, email);
      // Without an account we still hash once, so response time does not reveal which emails exist.
      const valid = await verifyPassword(user?.password_hash ?? DUMMY_HASH, password);
      if (!user || !valid || user.disabled) throw new LoginError(INVALID_CREDENTIALS);

      await Promise.all([resetRateLimit(db, emailKey), refundRateLimit(db, ipKey)]);
      return { id: user.id, email: user.email };
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

/**
 * The staff user of the request, from the session cookie; null when anonymous, and when the session is not enough
 * (signed in with the password alone by a member who needs a second factor).
 */
export async function findStaffUser(
  db: Database,
  request: Request,
  secret: string,
  rules: SessionRules,
): Promise<StaffIdentity | null> {
  const check = await checkStaffSession(db, request.headers.get('Cookie'), secret, rules);
  if (check.state !== 'signed-in') return null;
  const { id, email, name, role, sessionId } = check.session;
  return { id, email, name, role, sessionId };
}

/** `findStaffUser` with the request's services. */
export function staffOfRequest(context: Readonly<RouterContextProvider>, request: Request) {
  const services = getServices(context);
  return findStaffUser(services.database.db, request, services.sessionSecret, sessionRules(services.env));
}

/** `/login?redirectTo=<this page>` for an anonymous request. */
export function loginRedirect(url: URL): Response {
  const target = url.pathname + url.search;
  return redirect(`/login?redirectTo=${encodeURIComponent(target)}`);
}

/** The staff user set by the /admin middleware; throws if a route outside /admin asks for it. */
export function getStaff(context: Readonly<RouterContextProvider>): StaffIdentity {
  const staff = context.get(staffContext);
  if (!staff) throw new Error('No staff user in context: is the route under the /admin layout?');
  return staff;
}

/** Throws 403 unless the staff user is an admin (only admins manage staff accounts). */
export function requireAdminRole(staff: StaffIdentity): void {
  if (staff.role !== 'admin') throw new Response('Доступ только для администраторов', { status: 403 });
}
