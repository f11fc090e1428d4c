import { redirect } from 'react-router';
import type { Route } from './+types/schedule-redirect';

/** `/schedule` → `/shedule` permanently, keeping the query: the public URL is spelt so (docs/product/routes.md). */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(`/shedule${url.search}`, 301);
}
