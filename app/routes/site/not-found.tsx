import { pageNotFound } from '#app/services/site-page.server.ts';
import type { Route } from './+types/not-found';

/** Any unknown path: 404 with `Page not found: {path}`, rendered by the root error page (docs/product/errors.md). */
export function loader({ url }: Route.LoaderArgs) {
  return pageNotFound(url);
}

export function action({ url }: Route.ActionArgs) {
  return pageNotFound(url);
}

export default function NotFound() {
  return null;
}
