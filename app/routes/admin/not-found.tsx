import type { Route } from './+types/not-found';

/** An unknown address below /admin: a 404 shown by the staff layout's error page, with the navigation kept. */
export function loader({ url }: Route.LoaderArgs): never {
  throw new Response(`Страница не найдена: ${url.pathname}`, { status: 404 });
}

export function action({ url }: Route.ActionArgs): never {
  throw new Response(`Страница не найдена: ${url.pathname}`, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
