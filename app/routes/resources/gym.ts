import { data, redirect } from 'react-router';
import { getPublishedGyms } from '~/models/gym.server';
import { gymCookie } from '~/utils/active-gym.server';
import { safeRedirectPath } from '~/utils/safe-redirect';
import { getServices } from '~/utils/services.server';
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
