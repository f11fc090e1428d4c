import { data, Form, redirect, useNavigation } from 'react-router';
import { staffPageMeta } from '#app/admin/nav.ts';
import { refusedAnswer } from '#app/auth/attempts.server.ts';
import { authenticateLogin } from '#app/auth/sign-in.server.ts';
import { staffOfRequest } from '#app/auth/staff.server.ts';
import { continueAfterPassword, requestTwoFactorContext } from '#app/auth/two-factor.server.ts';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { SignInCard } from '#app/components/SignInCard.tsx';
import { readForm } from '#app/infra/form.server.ts';
import { getRequestInfo, getServices } from '#app/infra/services.server.ts';
import { privateHeadersKeepingRetryAfter } from '#app/infra/too-many-requests.server.ts';
import { safeRedirectPath } from '#app/lib/safe-redirect.ts';
import type { Route } from './+types/login';

const AFTER_LOGIN = '/admin';

export const meta: Route.MetaFunction = () => staffPageMeta('Вход');

export const headers = privateHeadersKeepingRetryAfter;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'), AFTER_LOGIN);
  if (await staffOfRequest(context, request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const services = getServices(context);
  const { ip, logger } = getRequestInfo(context);
  const db = services.database.db;
  // remix-auth-form consumes the body, so read our own fields from a clone first; a body that is not a form is a 400.
  const form = await readForm(request.clone());
  const email = String(form.get('email') ?? '').slice(0, 200);
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo') ?? form.get('redirectTo'), AFTER_LOGIN);

  try {
    const user = await authenticateLogin(db, request, { ip, logger });
    const next = await continueAfterPassword(requestTwoFactorContext(context), {
      staffUserId: user.id,
      redirectTo,
      userAgent: request.headers.get('user-agent') ?? '',
      requirement: services.env.REQUIRE_2FA,
    });
    return redirect(next.location, { headers: { 'Set-Cookie': next.cookie } });
  } catch (error) {
    const refused = refusedAnswer(error);
    if (refused) return data({ error: refused.message, email }, refused.init);
    throw error;
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <SignInCard title="Вход для сотрудников" lead="Редактор сайта и заявки клиентов.">
      <Form method="post" className="login__form" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormAlert message={actionData?.error} className="login__error" id="login-error" />
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            type="email"
            name="email"
            autoComplete="username"
            required
            defaultValue={actionData?.email ?? ''}
            aria-describedby={actionData?.error ? 'login-error' : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Пароль</label>
          <input id="login-password" type="password" name="password" autoComplete="current-password" required />
        </div>
        <button type="submit" className="button button--primary login__submit" disabled={busy}>
          Войти
        </button>
      </Form>
    </SignInCard>
  );
}
