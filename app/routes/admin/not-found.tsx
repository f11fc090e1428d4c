import { notFound } from '#app/infra/not-found.server.ts';
import type { Route } from './+types/not-found';

/** An unknown address below /admin: a 404 shown by the staff layout's error page, with the navigation kept. */
export function loader({ url }: Route.LoaderArgs): never {
  notFound(`Страница не найдена: ${url.pathname}`);
}

export function action({ url }: Route.ActionArgs): never {
  notFound(`Страница не найдена: ${url.pathname}`);
}

export default function AdminNotFound() {
  return null;
}
