import { data, redirect } from 'react-router';
import { getServices } from '#app/infra/services.server.ts';
import { safeRedirectPath } from '#app/lib/safe-redirect.ts';
import { getPublishedGyms } from '#app/models/gym.server.ts';
import { gymCookie } from '#app/services/active-gym.server.ts';
import type { Route } from './+types/gym';

/** POST /gym — choose the active gym (works as a plain form without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const gymId = Number(form.get('gymId'));
  const gyms = await getPublishedGyms(getServices(context));
  if (!gyms.some((gym) => gym.id === gymId)) {
    throw data('Такого клуба нет', { status: 400 });
  }
  return redirect(safeRedirectPath(form.get('redirectTo')), {
    headers: { 'Set-Cookie': await gymCookie.serialize(String(gymId)) },
  });
}

export function loader() {
  return redirect('/');
}
