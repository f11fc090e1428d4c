/** The staff session cookie: signed, HttpOnly, and holding only the id of a row in `sessions` (see the model). */
import { signedCookie } from '#app/infra/cookie-options.server.ts';
import { SESSION_TTL_SECONDS } from '#app/models/session.server.ts';

export const SESSION_COOKIE_NAME = 'staff_session';

/** The session cookie for a secret (the secret comes from the services, not from module scope). */
export const sessionCookie = signedCookie(SESSION_COOKIE_NAME, { path: '/', maxAge: SESSION_TTL_SECONDS });

export async function readSessionId(request: Request, secret: string): Promise<string | null> {
  const value = await sessionCookie(secret).parse(request.headers.get('Cookie'));
  return typeof value === 'string' && /^[\w-]{20,100}$/.test(value) ? value : null;
}

export function commitSessionCookie(secret: string, sessionId: string): Promise<string> {
  return sessionCookie(secret).serialize(sessionId);
}

export function destroySessionCookie(secret: string): Promise<string> {
  return sessionCookie(secret).serialize('', { maxAge: 0 });
}
