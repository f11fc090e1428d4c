import { createCookie } from 'react-router';
import { secureCookies } from '#app/infra/cookie-options.server.ts';
import { DEFAULT_GYM_ID } from '#app/lib/club.ts';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** SPEC §4: the active gym is remembered in a cookie for a year. Not secret, so not signed. */
export const gymCookie = createCookie('gym', {
  path: '/',
  maxAge: ONE_YEAR_SECONDS,
  sameSite: 'lax',
  httpOnly: true,
  secure: secureCookies,
});

export async function readGymCookie(request: Request): Promise<number | null> {
  const value = await gymCookie.parse(request.headers.get('Cookie'));
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The cookie's gym when it is published, else gym 1, else the first published gym. */
export function resolveActiveGymId(gyms: ReadonlyArray<{ id: number }>, requested: number | null): number | null {
  if (requested !== null && gyms.some((gym) => gym.id === requested)) return requested;
  if (gyms.some((gym) => gym.id === DEFAULT_GYM_ID)) return DEFAULT_GYM_ID;
  return gyms[0]?.id ?? null;
}
