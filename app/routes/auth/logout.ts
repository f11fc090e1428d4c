import { redirect } from 'react-router';
import { signOut } from '#app/auth/sign-in.server.ts';
import type { Route } from './+types/logout';

/** Logging out is a POST (a link or an image on another site must not log anyone out). */
export function loader() {
  return redirect('/admin');
}

export async function action({ request, context }: Route.ActionArgs) {
  return redirect('/login', {
    headers: { 'Set-Cookie': await signOut(context, request), 'Cache-Control': 'private, no-store' },
  });
}
