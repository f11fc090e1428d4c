import { getServices } from '#app/infra/services.server.ts';
import { PUBLIC_CACHE_CONTROL } from '#app/lib/seo.ts';
import { getPublishedGyms } from '#app/models/gym.server.ts';
import type { Route } from './+types/api-gym';

/** GET /api/gym: published gyms in display order with id, name, address, lat, lng (docs/product/routes.md). */
export async function loader({ context }: Route.LoaderArgs) {
  // No stale list here: while the database is unreachable this answers a 503 JSON error (docs/security.md).
  const gyms = await getPublishedGyms(getServices(context), false);
  const body = gyms.map((gym) => ({
    id: gym.id,
    name: gym.name,
    address: gym.address,
    lat: gym.lat,
    lng: gym.lng,
    phone: gym.phone,
    openingHours: gym.openingHours,
    timeZone: gym.timeZone,
  }));
  return Response.json(body, { headers: { 'Cache-Control': PUBLIC_CACHE_CONTROL } });
}
