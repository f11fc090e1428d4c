/** The staff session cookie: signed, HttpOnly, and holding only the id of a row in `sessions` (see the model). */
import { type Cookie, createCookie } from 'react-router';
import { secureCookies } from '#app/infra/cookie-options.server.ts';
import { SESSION_TTL_SECONDS } from '#app/models/session.server.ts';

export const SESSION_COOKIE_NAME = 'staff_session';

const cookies = new Map<string, Cookie>();

/** One cookie object per secret (the secret comes from the services, not from module scope). */
export function sessionCookie(secret: string): Cookie {
  let cookie = cookies.get(secret);
  if (!cookie) {
    cookie = createCookie(SESSION_COOKIE_NAME, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      secrets: [secret],
      maxAge: SESSION_TTL_SECONDS,
    });
    cookies.set(secret, cookie);
  }
  return cookie;
}

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
