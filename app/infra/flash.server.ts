import { createCookie, redirect } from 'react-router';
import { secureCookies } from '#app/infra/cookie-options.server.ts';

export type FlashKind = 'success' | 'error' | 'info';
export interface Flash {
  kind: FlashKind;
  text: string;
}

/** A one-shot message shown after a redirect (POST → redirect → GET). Short-lived and HttpOnly. */
const flashCookie = createCookie('flash', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 60,
  secure: secureCookies,
});

/** `Set-Cookie` header value that carries a flash message to the next page. */
export function setFlash(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash);
}

/** POST → redirect → GET with a one-shot message for the page it lands on. */
export async function redirectWithFlash(to: string, flash: Flash, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await setFlash(flash));
  return redirect(to, { ...init, headers });
}

/**
 * Reads the flash message and returns the header that clears it. Responses carrying a flash must not be
 * shared-cacheable: `hasFlash` lets the caller send `Cache-Control: private, no-store`.
 */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clearHeader: string | null }> {
  const value = await flashCookie.parse(request.headers.get('Cookie'));
  if (!value || typeof value !== 'object' || typeof value.text !== 'string') return { flash: null, clearHeader: null };
  const kind: FlashKind = value.kind === 'error' || value.kind === 'info' ? value.kind : 'success';
  return { flash: { kind, text: value.text }, clearHeader: await flashCookie.serialize('', { maxAge: 0 }) };
}
