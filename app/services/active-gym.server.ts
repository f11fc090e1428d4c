/**
 * The active gym of a request: chosen in the header, remembered in a cookie for a year, else gym 1, else the first
 * published gym (docs/product/gyms.md). It is resolved once per request, by the root middleware, into a context
 * value that loaders, the bid action and caches read.
 */
import { createContext, createCookie, type RouterContextProvider } from 'react-router';
import { secureCookies } from '#app/infra/cookie-options.server.ts';
import type { AppServices } from '#app/infra/load-context.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { DEFAULT_GYM_ID, DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { parseId } from '#app/lib/id.ts';
import { todayIn } from '#app/lib/schedule.ts';
import { getPublishedGyms, type PublicGym } from '#app/models/gym.server.ts';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Not secret, so not signed. */
export const gymCookie = createCookie('gym', {
  path: '/',
  maxAge: ONE_YEAR_SECONDS,
  sameSite: 'lax',
  httpOnly: true,
  secure: secureCookies,
});

export async function readGymCookie(request: Request): Promise<number | null> {
  const value = await gymCookie.parse(request.headers.get('Cookie'));
  return parseId(typeof value === 'number' ? String(value) : value);
}

/** The cookie's gym when it is published, else gym 1, else the first published gym. */
export function resolveActiveGymId(gyms: ReadonlyArray<{ id: number }>, requested: number | null): number | null {
  if (requested !== null && gyms.some((gym) => gym.id === requested)) return requested;
  if (gyms.some((gym) => gym.id === DEFAULT_GYM_ID)) return DEFAULT_GYM_ID;
  return gyms[0]?.id ?? null;
}

export interface ActiveGym {
  /** The published gyms in display order. */
  gyms: PublicGym[];
  id: number | null;
  gym: PublicGym | null;
  /** The gym's IANA zone: its schedule, dates and "today" are local to it. */
  timeZone: string;
  /** Today in that zone, `YYYY-MM-DD`. */
  today: string;
}

export async function resolveActiveGym(
  services: Pick<AppServices, 'database' | 'cache'>,
  request: Request,
): Promise<ActiveGym> {
  const gyms = await getPublishedGyms(services);
  const id = resolveActiveGymId(gyms, await readGymCookie(request));
  const gym = gyms.find((candidate) => candidate.id === id) ?? null;
  const timeZone = gym?.timeZone || DEFAULT_TIME_ZONE;
  return { gyms, id, gym, timeZone, today: todayIn(timeZone) };
}

/**
 * Set by the root middleware: the request's active gym, worked out on first use and then kept. Lazy, so requests that
 * never ask (robots.txt, the build id) cost nothing and do not depend on the database.
 */
export const activeGymContext = createContext<(() => Promise<ActiveGym>) | null>(null);

export function provideActiveGym(context: Readonly<RouterContextProvider>, request: Request): void {
  let resolved: Promise<ActiveGym> | null = null;
  context.set(activeGymContext, () => {
    resolved ??= resolveActiveGym(getServices(context), request);
    return resolved;
  });
}

export function getActiveGym(context: Readonly<RouterContextProvider>): Promise<ActiveGym> {
  const active = context.get(activeGymContext);
  if (!active) throw new Error('No active gym in context: the root middleware did not run');
  return active();
}
