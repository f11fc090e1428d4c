import { type Cookie, createCookie } from 'react-router';

/**
 * `Secure` on every cookie in production. `INSECURE_COOKIES=1` turns it off for a production build served
 * over plain http on localhost (the end-to-end tests); never set it on a real deployment.
 */
export const secureCookies = process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== '1';

/**
 * A signed, HttpOnly, SameSite=Lax cookie, one object per secret: the secret comes from the request's services,
 * not from module scope, and creating the cookie once per secret keeps its key derivation out of every request.
 */
export function signedCookie(name: string, options: { path: string; maxAge: number }): (secret: string) => Cookie {
  const cookies = new Map<string, Cookie>();
  return (secret) => {
    let cookie = cookies.get(secret);
    if (!cookie) {
      cookie = createCookie(name, {
        ...options,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        secrets: [secret],
      });
      cookies.set(secret, cookie);
    }
    return cookie;
  };
}
