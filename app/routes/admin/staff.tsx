import { data, Form } from 'react-router';
import { z } from 'zod';
import { adminTitle } from '#app/admin/nav.ts';
import { RecordActionForm } from '#app/components/admin/RecordActionForm.tsx';
import { TableHead } from '#app/components/admin/TableHead.tsx';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { formId, formText, parseFormData, readForm } from '#app/infra/form.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import {
  createStaffUser,
  listStaff,
  MIN_PASSWORD_LENGTH,
  StaffInputError,
  setStaffDisabled,
  setStaffPassword,
  setStaffRole,
} from '#app/models/staff.server.ts';
import { resetStaffTwoFactor } from '#app/models/two-factor.server.ts';
import { getStaff, requireAdminRole } from '#app/services/auth.server.ts';
import type { Route } from './+types/staff';

/** Staff accounts: admins only (docs/product/staff.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  requireAdminRole(staff);
  return { users: await listStaff(getDb(context)), me: staff.id, minPassword: MIN_PASSWORD_LENGTH };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle('Сотрудники') }];

const password = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string());

const staffAction = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create'),
    email: formText(200),
    name: formText(200),
    role: z.enum(['admin', 'editor']).catch('editor'),
    password,
  }),
  z.object({ intent: z.enum(['disable', 'enable', 'reset-2fa', 'make-admin', 'make-editor']), id: formId() }),
  z.object({ intent: z.literal('password'), id: formId(), password }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  requireAdminRole(staff);
  const db = getDb(context);
  const form = await readForm(request);
  const parsed = parseFormData(form, staffAction);
  if (!parsed.success) throw new Response('Неизвестное действие', { status: 400 });
  const input = parsed.data;
  try {
    let text: string;
    if (input.intent === 'create') {
      await createStaffUser(db, input, staff.id);
      text = 'Сотрудник добавлен';
    } else if (input.intent === 'reset-2fa') {
      // One's own second factor is turned off with a code on the profile page, not bypassed here.
      if (input.id === staff.id) throw new StaffInputError('Свой двухфакторный вход выключите в профиле');
      await resetStaffTwoFactor(db, input.id, staff.id);
      text = 'Двухфакторный вход сброшен, сеансы сотрудника завершены';
    } else if (input.intent === 'make-admin' || input.intent === 'make-editor') {
      // An admin who demoted themselves could leave the club without one.
      if (input.id === staff.id) throw new StaffInputError('Свою роль изменить нельзя');
      const role = input.intent === 'make-admin' ? 'admin' : 'editor';
      await setStaffRole(db, input.id, role, staff.id);
      text = role === 'admin' ? 'Сотрудник стал администратором' : 'Сотрудник стал редактором';
    } else if (input.intent === 'password') {
      await setStaffPassword(db, input.id, input.password, staff.id, staff.sessionId);
      text = 'Пароль изменён, другие сеансы завершены';
    } else {
      if (input.id === staff.id) throw new StaffInputError('Нельзя отключить самого себя');
      await setStaffDisabled(db, input.id, input.intent === 'disable', staff.id);
      text = input.intent === 'disable' ? 'Сотрудник отключён, его сеансы завершены' : 'Сотрудник снова может войти';
    }
    return redirectWithFlash('/admin/staff', { kind: 'success', text });
  } catch (error) {
    if (!(error instanceof StaffInputError)) throw error;
    const entered = input.intent === 'create' ? { email: input.email, name: input.name } : { email: '', name: '' };
    return data({ error: error.message, intent: input.intent, ...entered }, { status: 400 });
  }
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, me, minPassword } = loaderData;
  return (
    <section className="admin-section">
      <Heading level={1}>Сотрудники</Heading>
      <FormAlert message={actionData?.error} className="admin-form__error" />
      <table className="admin-table">
        <TableHead columns={['Email', 'Имя', 'Роль', 'Состояние', 'Двухфакторный вход', 'Действия']} />
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>{user.email}</td>
              <td>{user.name}</td>
              <td>{user.role === 'admin' ? 'Администратор' : 'Редактор'}</td>
              <td>{user.disabled ? 'Отключён' : 'Активен'}</td>
              <td>{user.two_factor ? 'Включён' : 'Выключен'}</td>
              <td className="admin-table__actions">
                {user.id !== me ? (
                  <RecordActionForm id={user.id} intent={user.disabled ? 'enable' : 'disable'} ghost>
                    {user.disabled ? 'Включить' : 'Отключить'}
                  </RecordActionForm>
                ) : null}
                {user.id !== me ? (
                  <RecordActionForm id={user.id} intent={user.role === 'admin' ? 'make-editor' : 'make-admin'} ghost>
                    {user.role === 'admin' ? 'Сделать редактором' : 'Сделать администратором'}
                  </RecordActionForm>
                ) : null}
                {user.two_factor && user.id !== me ? (
                  <RecordActionForm id={user.id} intent="reset-2fa" ghost>
                    Сбросить двухфакторный вход
                  </RecordActionForm>
                ) : null}
                <Form method="post" className="admin-inline-form">
                  <input type="hidden" name="id" value={user.id} />
                  <label>
                    <span className="visually-hidden">Новый пароль для {user.email}</span>
                    <input
                      type="password"
                      name="password"
                      minLength={minPassword}
                      autoComplete="new-password"
                      placeholder="Новый пароль"
                    />
                  </label>
                  <button
                    type="submit"
                    name="intent"
                    value="password"
                    className="admin-button admin-button--small admin-button--ghost"
                  >
                    Сменить пароль
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <Heading level={2}>Добавить сотрудника</Heading>
      <Form method="post" className="admin-form">
        <div className="admin-field">
          <label htmlFor="staff-email" className="admin-field__label">
            Email
          </label>
          <input
            id="staff-email"
            type="email"
            name="email"
            required
            defaultValue={actionData?.intent === 'create' ? actionData.email : ''}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="staff-name" className="admin-field__label">
            Имя
          </label>
          <input id="staff-name" name="name" defaultValue={actionData?.intent === 'create' ? actionData.name : ''} />
        </div>
        <div className="admin-field">
          <label htmlFor="staff-role" className="admin-field__label">
            Роль
          </label>
          <select id="staff-role" name="role" defaultValue="editor">
            <option value="editor">Редактор</option>
            <option value="admin">Администратор</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="staff-password" className="admin-field__label">
            Пароль (не короче {minPassword} символов)
          </label>
          <input
            id="staff-password"
            type="password"
            name="password"
            required
            minLength={minPassword}
            autoComplete="new-password"
          />
        </div>
        <button type="submit" name="intent" value="create" className="admin-button">
          Добавить
        </button>
      </Form>
    </section>
  );
}
