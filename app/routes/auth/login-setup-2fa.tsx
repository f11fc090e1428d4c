import { data, Form, Link, useNavigation } from 'react-router';
import { staffPageMeta } from '#app/admin/nav.ts';
import stylesheet from '#app/admin.css?url';
import { readLoginChallenge } from '#app/auth/challenge-cookie.server.ts';
import {
  completeSignInWithCode,
  confirmTotpSetup,
  requestTwoFactorContext,
  totpSetupView,
} from '#app/auth/two-factor.server.ts';
import { findTwoFactorRecord } from '#app/auth/two-factor-secret.server.ts';
import {
  CodeError,
  CodeField,
  RecoveryCodeList,
  SignInStepExpired,
  TotpSetupPanel,
} from '#app/components/admin/TwoFactor.tsx';
import { SignInCard } from '#app/components/SignInCard.tsx';
import { getServices } from '#app/infra/services.server.ts';
import { privateHeadersKeepingRetryAfter } from '#app/infra/too-many-requests.server.ts';
import { safeRedirectPath } from '#app/lib/safe-redirect.ts';
import type { Route } from './+types/login-setup-2fa';

/**
 * Signing in when two-factor sign-in is required (`REQUIRE_2FA`) and not yet set up (docs/staff-auth.md): after the
 * password, the member sets up an app here; only then is a session created, so /admin stays out of reach until then.
 */

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = () => staffPageMeta('Настройка двухфакторного входа');

export const headers = privateHeadersKeepingRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const db = services.database.db;
  const challenge = await readLoginChallenge(db, request, services.sessionSecret, 'setup');
  const record = challenge ? await findTwoFactorRecord(db, challenge.staffUserId) : undefined;
  const setup = record ? await totpSetupView(requestTwoFactorContext(context), record) : null;
  return { email: record?.email ?? null, setup };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await completeSignInWithCode(
    context,
    request,
    'setup',
    (ctx, staffUserId, code) => confirmTotpSetup(ctx, staffUserId, code, staffUserId),
    () => 'totp',
  );
  if (outcome.kind === 'expired') {
    return data({ expired: true, error: null, recoveryCodes: null, next: null }, { status: 400 });
  }
  if (outcome.kind === 'refused') {
    return data({ expired: false, error: outcome.message, recoveryCodes: null, next: null }, outcome.init);
  }
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append('Set-Cookie', cookie);
  // The codes are shown on this answer only, never stored in a readable form: no redirect here.
  return data(
    {
      expired: false,
      error: null,
      recoveryCodes: outcome.result,
      next: safeRedirectPath(outcome.redirectTo, '/admin'),
    },
    { headers },
  );
}

export default function LoginSetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  if (actionData?.recoveryCodes) {
    return (
      <SignInCard title="Двухфакторный вход включён">
        <RecoveryCodeList codes={actionData.recoveryCodes}>
          <Link to={actionData.next} className="button button--primary login__submit">
            Перейти в редактор
          </Link>
        </RecoveryCodeList>
      </SignInCard>
    );
  }
  if (!loaderData.setup || actionData?.expired) {
    return (
      <SignInStepExpired title="Настройка двухфакторного входа">
        Время на настройку истекло или вход уже выполнен.
      </SignInStepExpired>
    );
  }
  return (
    <SignInCard
      title="Настройка двухфакторного входа"
      lead={`Для учётной записи ${loaderData.email} вход возможен только с кодом из приложения-аутентификатора. Настройте его, чтобы продолжить.`}
      back={{ to: '/login', text: 'Войти под другой учётной записью' }}
    >
      <TotpSetupPanel qrCode={loaderData.setup.qrCode} secret={loaderData.setup.secret} />
      <Form method="post" className="login__form" noValidate>
        <CodeError error={actionData?.error} className="login__error" />
        <CodeField label="Код из приложения" error={actionData?.error} className="field" />
        <button type="submit" className="button button--primary login__submit" disabled={busy}>
          Включить и войти
        </button>
      </Form>
    </SignInCard>
  );
}
