import { redirect } from 'react-router';
import type { Route } from './+types/schedule-redirect';

/** `/schedule` → `/shedule` permanently (the public URL is spelt so, SPEC §8), keeping the query. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(`/shedule${url.search}`, 301);
}
