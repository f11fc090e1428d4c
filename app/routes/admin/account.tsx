import type { ComponentProps } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { adminTitle } from '#app/admin/nav.ts';
import { MIN_PASSWORD_LENGTH } from '#app/auth/accounts.server.ts';
import { refusedAnswer } from '#app/auth/attempts.server.ts';
import { type AccountErrors, changeOwnName, changeOwnPassword } from '#app/auth/profile.server.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import {
  cancelTotpSetup,
  confirmTotpSetup,
  isTwoFactorRequired,
  renewRecoveryCodes,
  requestTwoFactorContext,
  startTotpSetup,
  totpSetupView,
  turnOffTwoFactor,
} from '#app/auth/two-factor.server.ts';
import { countUnusedRecoveryCodes, findTwoFactorRecord } from '#app/auth/two-factor-secret.server.ts';
import { AdminField, FieldError, FieldHint } from '#app/components/admin/AdminField.tsx';
import { StaffTime } from '#app/components/admin/StaffTime.tsx';
import { CodeError, CodeField, RecoveryCodeList, TotpSetupPanel } from '#app/components/admin/TwoFactor.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { readForm } from '#app/infra/form.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getRequestInfo, getServices } from '#app/infra/services.server.ts';
import { retryAfterHeaders } from '#app/infra/too-many-requests.server.ts';
import type { Route } from './+types/account';

/**
 * The signed-in member's own profile (docs/staff-auth.md, "The profile"): their name, a new password (with the
 * current one), two-factor sign-in on and off, new recovery codes.
 */

const PAGE = '/admin/account';

export const meta: Route.MetaFunction = () => [{ title: adminTitle('Профиль') }];

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers();
}

export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const ctx = requestTwoFactorContext(context);
  const record = await findTwoFactorRecord(ctx.db, staff.id);
  if (!record) notFound('Учётная запись не найдена');
  const enabled = record.totpSecret !== null;
  return {
    email: staff.email,
    name: staff.name,
    role: staff.role,
    enabledAt: record.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(ctx.db, staff.id) : 0,
    required: isTwoFactorRequired(staff.role, getServices(context).env.REQUIRE_2FA),
    setup: enabled ? null : await totpSetupView(ctx, record),
    minPassword: MIN_PASSWORD_LENGTH,
  };
}

type Intent = 'name' | 'password' | 'start' | 'cancel' | 'enable' | 'codes' | 'disable';
const INTENTS: readonly Intent[] = ['name', 'password', 'start', 'cancel', 'enable', 'codes', 'disable'];

/** A refused change of the name or the password: the messages next to the fields, the name as typed. */
function refusedChange(intent: 'name' | 'password', result: AccountErrors, name = '') {
  const init: ResponseInit = result.retryAfterSeconds
    ? { status: 429, headers: retryAfterHeaders(result.retryAfterSeconds) }
    : { status: 400 };
  return data({ intent, error: null, recoveryCodes: null, fields: result.fields, name }, init);
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const ctx = requestTwoFactorContext(context);
  const form = await readForm(request);
  const intent = INTENTS.find((value) => value === form.get('intent'));
  if (!intent) throw new Response('Неизвестное действие', { status: 400 });
  const code = String(form.get('code') ?? '');
  const withFlash = (text: string) => redirectWithFlash(PAGE, { kind: 'success', text });
  const text = (name: string) => String(form.get(name) ?? '').slice(0, 1000);
  if (intent === 'name') {
    const result = await changeOwnName(ctx.db, staff.id, text('name'));
    return result.ok ? withFlash('Имя сохранено') : refusedChange(intent, result, text('name'));
  }
  if (intent === 'password') {
    const result = await changeOwnPassword(
      ctx.db,
      staff,
      { current: text('current'), password: text('password'), repeat: text('repeat') },
      getRequestInfo(context).ip,
    );
    return result.ok
      ? withFlash('Пароль изменён. Вход на других устройствах завершён.')
      : refusedChange(intent, result);
  }
  const none = { fields: {}, name: '' };
  try {
    switch (intent) {
      case 'start':
        await startTotpSetup(ctx, staff.id);
        return redirect(PAGE);
      case 'cancel':
        await cancelTotpSetup(ctx, staff.id);
        return withFlash('Настройка двухфакторного входа отменена');
      case 'enable':
        return {
          intent,
          error: null,
          recoveryCodes: await confirmTotpSetup(ctx, staff.id, code, staff.id, staff.sessionId),
          ...none,
        };
      case 'codes':
        return { intent, error: null, recoveryCodes: await renewRecoveryCodes(ctx, staff.id, code), ...none };
      case 'disable':
        await turnOffTwoFactor(ctx, staff, code, getServices(context).env.REQUIRE_2FA);
        return withFlash('Двухфакторный вход выключен');
    }
  } catch (error) {
    const refused = refusedAnswer(error);
    if (!refused) throw error;
    return data({ intent, error: refused.message, recoveryCodes: null, ...none }, refused.init);
  }
}

const ROLE_LABELS = { admin: 'Администратор', editor: 'Редактор', manager: 'Менеджер клуба' } as const;

/** A field of the name and password forms, with its message when the change was refused. */
function AccountField({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <AdminField id={id} label={label}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
      <FieldHint id={`${id}-hint`} hint={hint} />
      <FieldError id={`${id}-error`} error={error} />
    </AdminField>
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, name, role, enabledAt, recoveryCodesLeft, required, setup, minPassword } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const error = actionData?.error ?? null;
  const refused = (intent: Intent) => (actionData?.intent === intent ? actionData.fields : {});
  const nameErrors: { name?: string } = refused('name');
  const passwordErrors: { current?: string; password?: string; repeat?: string } = refused('password');
  return (
    <section className="admin-section">
      <Heading level={1}>Профиль</Heading>
      <dl className="admin-details">
        <dt>Email</dt>
        <dd>{email}</dd>
        <dt>Роль</dt>
        <dd>{ROLE_LABELS[role]}</dd>
      </dl>

      <Heading level={2}>Имя</Heading>
      <Form method="post" className="admin-form" noValidate>
        <AccountField
          id="account-name"
          label="Имя"
          name="name"
          autoComplete="name"
          maxLength={200}
          required
          defaultValue={actionData?.intent === 'name' ? actionData.name : name}
          error={nameErrors.name}
          hint="Так вас видят коллеги в журнале и в истории записей."
        />
        <div>
          <button type="submit" name="intent" value="name" className="admin-button" disabled={busy}>
            Сохранить имя
          </button>
        </div>
      </Form>

      <Heading level={2}>Пароль</Heading>
      <Form method="post" className="admin-form" noValidate>
        <AccountField
          id="account-current"
          label="Текущий пароль"
          name="current"
          type="password"
          autoComplete="current-password"
          required
          error={passwordErrors.current}
        />
        <AccountField
          id="account-password"
          label="Новый пароль"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={minPassword}
          required
          error={passwordErrors.password}
          hint={`Не короче ${minPassword} символов. После смены вход на других устройствах завершится.`}
        />
        <AccountField
          id="account-repeat"
          label="Новый пароль ещё раз"
          name="repeat"
          type="password"
          autoComplete="new-password"
          required
          error={passwordErrors.repeat}
        />
        <div>
          <button type="submit" name="intent" value="password" className="admin-button" disabled={busy}>
            Сменить пароль
          </button>
        </div>
      </Form>

      <Heading level={2}>Двухфакторный вход</Heading>
      {actionData?.recoveryCodes ? (
        <>
          <p role="status">
            {actionData.intent === 'enable'
              ? 'Двухфакторный вход включён. Теперь после пароля понадобится код из приложения.'
              : 'Новые коды восстановления готовы, прежние больше не действуют.'}
          </p>
          <RecoveryCodeList codes={actionData.recoveryCodes}>
            <p>
              <Link to={PAGE} className="admin-button">
                Я сохранил(а) коды
              </Link>
            </p>
          </RecoveryCodeList>
        </>
      ) : enabledAt ? (
        <>
          <p>
            Включён с <StaffTime value={enabledAt} />. Неиспользованных кодов восстановления: {recoveryCodesLeft}.
          </p>
          <Form method="post" className="admin-form" noValidate>
            <CodeError error={error} className="admin-form__error" />
            <CodeField
              label="Код из приложения или код восстановления"
              recovery
              error={error}
              className="admin-field"
            />
            <div className="admin-confirm__actions">
              <button type="submit" name="intent" value="codes" className="admin-button" disabled={busy}>
                Получить новые коды восстановления
              </button>
              {required ? null : (
                <button
                  type="submit"
                  name="intent"
                  value="disable"
                  className="admin-button admin-button--ghost"
                  disabled={busy}
                >
                  Выключить двухфакторный вход
                </button>
              )}
            </div>
          </Form>
          {required ? <p className="admin-muted">Для вашей учётной записи двухфакторный вход обязателен.</p> : null}
        </>
      ) : setup ? (
        <>
          <TotpSetupPanel qrCode={setup.qrCode} secret={setup.secret} />
          <Form method="post" className="admin-form" noValidate>
            <CodeError error={error} className="admin-form__error" />
            <CodeField label="Код из приложения" error={error} className="admin-field" />
            <div className="admin-confirm__actions">
              <button type="submit" name="intent" value="enable" className="admin-button" disabled={busy}>
                Включить
              </button>
              <button
                type="submit"
                name="intent"
                value="cancel"
                className="admin-button admin-button--ghost"
                formNoValidate
                disabled={busy}
              >
                Отменить
              </button>
            </div>
          </Form>
        </>
      ) : (
        <>
          <p>
            {required
              ? 'Для вашей учётной записи двухфакторный вход обязателен: без него при следующем входе нужно будет его настроить.'
              : 'Сейчас для входа достаточно пароля. Включите двухфакторный вход: после пароля понадобится код из приложения на телефоне.'}
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="start" className="admin-button" disabled={busy}>
              Включить двухфакторный вход
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
