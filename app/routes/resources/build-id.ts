import { getServices } from '#app/infra/services.server.ts';
import type { Route } from './+types/build-id';

/** GET /api/build-id: the client compares it with its own build to notice a new deployment (docs/product/shell.md). */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json({ buildId: getServices(context).buildId }, { headers: { 'Cache-Control': 'no-store' } });
}
