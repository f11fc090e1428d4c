import type { RouterContextProvider } from 'react-router';
import { siteOrigin } from '#app/infra/seo.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { todayIn } from '#app/lib/schedule.ts';
import { getPublishedGyms, type PublicGym } from '#app/models/gym.server.ts';
import { readGymCookie, resolveActiveGymId } from '#app/services/active-gym.server.ts';

export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/**
 * What every public page needs first: the services, the active gym (from the cookie; the gym list is cached,
 * so this costs no query), its local date and the public origin for canonical URLs.
 */
export async function loadSiteContext({
  request,
  context,
  url,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  url: URL;
}) {
  const services = getServices(context);
  const gyms = await getPublishedGyms(services);
  const activeGymId = resolveActiveGymId(gyms, await readGymCookie(request));
  const gym: PublicGym | null = gyms.find((candidate) => candidate.id === activeGymId) ?? null;
  const timeZone = gym?.timeZone || DEFAULT_TIME_ZONE;
  return {
    services,
    db: services.database.db,
    gyms,
    gym,
    gymId: gym?.id ?? null,
    timeZone,
    today: todayIn(timeZone),
    origin: siteOrigin(context, url),
  };
}

/** A positive integer id from a route parameter, or null (which the page answers with 404). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
