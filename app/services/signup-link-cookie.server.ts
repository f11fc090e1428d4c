/**
 * Without JavaScript a sign-up answers with a redirect (POST → redirect → GET), and the page after it must show the
 * visitor their manage link. The link travels in this signed, HttpOnly cookie for 15 minutes, scoped to the sign-up
 * page: never in the address (server logs, Referer) and never in a shared answer — a request carrying it bypasses
 * the render cache and is answered `private, no-store` (docs/http-caching.md).
 */
import { signedCookie } from '#app/infra/cookie-options.server.ts';
import { MANAGE_TOKEN_PATTERN } from '#app/lib/booking.ts';
import { SIGNUP_PATH } from '#app/lib/signup.ts';

export const SIGNUP_LINK_COOKIE_NAME = 'signup_link';

const cookie = signedCookie(SIGNUP_LINK_COOKIE_NAME, { path: SIGNUP_PATH, maxAge: 15 * 60 });

export function setSignupLinkCookie(secret: string, token: string): Promise<string> {
  return cookie(secret).serialize(token);
}

/** The token this browser just got, or null. */
export async function readSignupLinkCookie(secret: string, request: Request): Promise<string | null> {
  const value: unknown = await cookie(secret).parse(request.headers.get('Cookie'));
  return typeof value === 'string' && MANAGE_TOKEN_PATTERN.test(value) ? value : null;
}

export function clearSignupLinkCookie(secret: string): Promise<string> {
  return cookie(secret).serialize('', { maxAge: 0 });
}
