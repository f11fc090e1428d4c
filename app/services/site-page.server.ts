import type { RouterContextProvider } from 'react-router';
import { siteOrigin } from '#app/infra/seo.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { getActiveGym } from '#app/services/active-gym.server.ts';

/**
 * What every public page needs first: the services, the request's active gym with its zone and local date (resolved
 * once by the root middleware), and the public origin for canonical URLs.
 */
export async function loadSiteContext({ context, url }: { context: Readonly<RouterContextProvider>; url: URL }) {
  const services = getServices(context);
  const active = await getActiveGym(context);
  return {
    services,
    db: services.database.db,
    gyms: active.gyms,
    gym: active.gym,
    gymId: active.id,
    timeZone: active.timeZone,
    today: active.today,
    origin: siteOrigin(context, url),
  };
}
