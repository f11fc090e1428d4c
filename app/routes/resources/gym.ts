import { redirect } from 'react-router';
import { z } from 'zod';
import { formId, requireForm } from '#app/infra/form.server.ts';
import { safeRedirectPath } from '#app/lib/safe-redirect.ts';
import { getActiveGym, gymCookie } from '#app/services/active-gym.server.ts';
import type { Route } from './+types/gym';

const NO_SUCH_GYM = 'Такого клуба нет';

const gymChoice = z.object({ gymId: formId(NO_SUCH_GYM), redirectTo: z.string().optional() });

/** POST /gym — choose the active gym (a plain form without JavaScript; the shell's gym fetcher with it). */
export async function action({ request, context }: Route.ActionArgs) {
  const { gymId, redirectTo } = await requireForm(request, gymChoice);
  const { gyms } = await getActiveGym(context);
  if (!gyms.some((gym) => gym.id === gymId)) throw new Response(NO_SUCH_GYM, { status: 400 });
  return redirect(safeRedirectPath(redirectTo), {
    headers: { 'Set-Cookie': await gymCookie.serialize(String(gymId)) },
  });
}

export function loader() {
  return redirect('/');
}
