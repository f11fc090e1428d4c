import { data, Form, redirect, useNavigation } from 'react-router';
import { staffPageMeta } from '#app/admin/nav.ts';
import stylesheet from '#app/admin.css?url';
import { readLoginChallenge } from '#app/auth/challenge-cookie.server.ts';
import { completeSignInWithCode, verifySecondFactor } from '#app/auth/two-factor.server.ts';
import { CodeError, CodeField, SignInStepExpired } from '#app/components/admin/TwoFactor.tsx';
import { SignInCard } from '#app/components/SignInCard.tsx';
import { setFlash } from '#app/infra/flash.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { privateHeadersKeepingRetryAfter } from '#app/infra/too-many-requests.server.ts';
import { safeRedirectPath } from '#app/lib/safe-redirect.ts';
import type { Route } from './+types/login-code';

/** The second step of signing in with two-factor sign-in on (docs/staff-auth.md): a code after the password. */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = () => staffPageMeta('Подтверждение входа');

export const headers = privateHeadersKeepingRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const challenge = await readLoginChallenge(services.database.db, request, services.sessionSecret, 'verify');
  return { email: challenge?.email ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await completeSignInWithCode(
    context,
    request,
    'verify',
    verifySecondFactor,
    (verified) => verified.method,
  );
  if (outcome.kind === 'expired') return data({ expired: true, error: null }, { status: 400 });
  if (outcome.kind === 'refused') return data({ expired: false, error: outcome.message }, outcome.init);

  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  for (const cookie of outcome.cookies) headers.append('Set-Cookie', cookie);
  if (outcome.result.method === 'recovery_code') {
    headers.append(
      'Set-Cookie',
      await setFlash({ kind: 'info', text: recoveryCodeNotice(outcome.result.recoveryCodesLeft) }),
    );
  }
  return redirect(safeRedirectPath(outcome.redirectTo, '/admin'), { headers });
}

function recoveryCodeNotice(left: number): string {
  if (left === 0) {
    return 'Вы вошли по последнему коду восстановления. Получите новые коды в профиле, пока у вас есть телефон.';
  }
  return `Вы вошли по коду восстановления. Неиспользованных кодов осталось: ${left}. Новые коды можно получить в профиле.`;
}

export default function LoginCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  if (!loaderData.email || actionData?.expired) {
    return (
      <SignInStepExpired title="Подтверждение входа">
        Время на ввод кода истекло или вход уже выполнен.
      </SignInStepExpired>
    );
  }
  return (
    <SignInCard
      title="Подтверждение входа"
      lead={`Введите шестизначный код из приложения-аутентификатора для ${loaderData.email}. Если телефона нет под рукой, введите один из кодов восстановления.`}
      back={{ to: '/login', text: 'Войти под другой учётной записью' }}
    >
      <Form method="post" className="login__form" noValidate>
        <CodeError error={actionData?.error} className="login__error" />
        <CodeField label="Код" recovery error={actionData?.error} className="field" />
        <button type="submit" className="button button--primary login__submit" disabled={busy}>
          Подтвердить
        </button>
      </Form>
    </SignInCard>
  );
}
