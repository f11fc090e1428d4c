import { data, Form, redirect } from 'react-router';
import { Heading } from '#app/components/Heading.tsx';
import { setFlash } from '#app/infra/flash.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import { adminTitle } from '#app/lib/admin-sections.ts';
import {
  createStaffUser,
  listStaff,
  MIN_PASSWORD_LENGTH,
  StaffInputError,
  setStaffDisabled,
  setStaffPassword,
} from '#app/models/staff.server.ts';
import { resetStaffTwoFactor } from '#app/models/two-factor.server.ts';
import { getStaff, requireAdminRole } from '#app/services/auth.server.ts';
import type { StaffRole } from '#db/schema.ts';
import type { Route } from './+types/staff';

/** Staff accounts: admins only (SPEC §3). */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  requireAdminRole(staff);
  return { users: await listStaff(getDb(context)), me: staff.id, minPassword: MIN_PASSWORD_LENGTH };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle('Сотрудники') }];

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  requireAdminRole(staff);
  const db = getDb(context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = Number(form.get('id'));
  try {
    let text: string;
    if (intent === 'create') {
      const role: StaffRole = form.get('role') === 'admin' ? 'admin' : 'editor';
      await createStaffUser(
        db,
        {
          email: String(form.get('email') ?? ''),
          name: String(form.get('name') ?? ''),
          role,
          password: String(form.get('password') ?? ''),
        },
        staff.id,
      );
      text = 'Сотрудник добавлен';
    } else if ((intent === 'disable' || intent === 'enable') && Number.isInteger(id)) {
      if (id === staff.id) throw new StaffInputError('Нельзя отключить самого себя');
      await setStaffDisabled(db, id, intent === 'disable', staff.id);
      text = intent === 'disable' ? 'Сотрудник отключён, его сеансы завершены' : 'Сотрудник снова может войти';
    } else if (intent === 'reset-2fa' && Number.isInteger(id)) {
      // One's own second factor is turned off with a code on the profile page, not bypassed here.
      if (id === staff.id) throw new StaffInputError('Свой двухфакторный вход выключите в профиле');
      await resetStaffTwoFactor(db, id, staff.id);
      text = 'Двухфакторный вход сброшен, сеансы сотрудника завершены';
    } else if (intent === 'password' && Number.isInteger(id)) {
      await setStaffPassword(db, id, String(form.get('password') ?? ''), staff.id, staff.sessionId);
      text = 'Пароль изменён, другие сеансы завершены';
    } else {
      throw new Response('Неизвестное действие', { status: 400 });
    }
    return redirect('/admin/staff', { headers: { 'Set-Cookie': await setFlash({ kind: 'success', text }) } });
  } catch (error) {
    if (error instanceof StaffInputError) {
      return data(
        {
          error: error.message,
          intent,
          id,
          email: String(form.get('email') ?? ''),
          name: String(form.get('name') ?? ''),
        },
        { status: 400 },
      );
    }
    throw error;
  }
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, me, minPassword } = loaderData;
  return (
    <section className="admin-section">
      <Heading level={1}>Сотрудники</Heading>
      {actionData?.error ? (
        <p className="admin-form__error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Имя</th>
            <th scope="col">Роль</th>
            <th scope="col">Состояние</th>
            <th scope="col">Двухфакторный вход</th>
            <th scope="col">Действия</th>
          </tr>
        </thead>
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
                  <Form method="post" className="admin-inline-form">
                    <input type="hidden" name="id" value={user.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={user.disabled ? 'enable' : 'disable'}
                      className="admin-button admin-button--small admin-button--ghost"
                    >
                      {user.disabled ? 'Включить' : 'Отключить'}
                    </button>
                  </Form>
                ) : null}
                {user.two_factor && user.id !== me ? (
                  <Form method="post" className="admin-inline-form">
                    <input type="hidden" name="id" value={user.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="reset-2fa"
                      className="admin-button admin-button--small admin-button--ghost"
                    >
                      Сбросить двухфакторный вход
                    </button>
                  </Form>
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
