import { data } from 'react-router';
import type { Route } from './+types/not-found';

/** Any unknown path: 404 with `Page not found: {path}`, rendered by the root error page (SPEC §8). */
export function loader({ url }: Route.LoaderArgs) {
  const { pathname } = url;
  throw data(`Page not found: ${decodeURIComponentSafe(pathname)}`, { status: 404 });
}

export function action({ url }: Route.ActionArgs) {
  return loader({ url } as Route.LoaderArgs);
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export default function NotFound() {
  return null;
}
