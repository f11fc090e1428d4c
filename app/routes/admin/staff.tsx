import { data, Form } from 'react-router';
import { z } from 'zod';
import { adminTitle } from '#app/admin/nav.ts';
import {
  createStaffUser,
  listStaff,
  MIN_PASSWORD_LENGTH,
  StaffInputError,
  setStaffDisabled,
  setStaffManager,
  setStaffPassword,
  setStaffRole,
} from '#app/auth/accounts.server.ts';
import { getStaff, requireAdminRole } from '#app/auth/staff.server.ts';
import { resetStaffTwoFactor } from '#app/auth/two-factor-secret.server.ts';
import { AdminField } from '#app/components/admin/AdminField.tsx';
import { RecordActionForm } from '#app/components/admin/RecordActionForm.tsx';
import { TableHead } from '#app/components/admin/TableHead.tsx';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { formId, formText, parseFormData, readForm } from '#app/infra/form.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { listGymOptions } from '#app/models/admin/bids.server.ts';
import type { Route } from './+types/staff';

/** Staff accounts: admins only (docs/product/staff.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  requireAdminRole(staff);
  const db = getDb(context);
  return {
    users: await listStaff(db),
    gyms: await listGymOptions(db),
    me: staff.id,
    minPassword: MIN_PASSWORD_LENGTH,
  };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle('Сотрудники') }];

const password = z.preprocess((value) => (typeof value === 'string' ? value : ''), z.string());

const staffAction = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create'),
    email: formText(200),
    name: formText(200),
    role: z.enum(['admin', 'editor', 'manager']).catch('editor'),
    password,
  }),
  z.object({ intent: z.enum(['disable', 'enable', 'reset-2fa', 'make-admin', 'make-editor']), id: formId() }),
  // A manager per gym (docs/product/roles.md): the role with the gyms they look after.
  z.object({ intent: z.literal('make-manager'), id: formId() }),
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
  // The gyms ticked in the form, only real ones.
  const known = new Set((await listGymOptions(db)).map((gym) => gym.id));
  const gyms = [...new Set(form.getAll('gyms').map((value) => parseId(value)))].filter(
    (id): id is number => id !== null && known.has(id),
  );
  try {
    let text: string;
    if (input.intent === 'create') {
      if (input.role === 'manager' && gyms.length === 0) {
        throw new StaffInputError('Выберите хотя бы один зал менеджера');
      }
      // Created as an editor first, then given the role with its gyms (checked above, so this does not fail).
      const id = await createStaffUser(
        db,
        { ...input, role: input.role === 'manager' ? 'editor' : input.role },
        staff.id,
      );
      if (input.role === 'manager') await setStaffManager(db, id, gyms, staff.id);
      text = 'Сотрудник добавлен';
    } else if (input.intent === 'make-manager') {
      if (input.id === staff.id) throw new StaffInputError('Свою роль изменить нельзя');
      await setStaffManager(db, input.id, gyms, staff.id);
      text = 'Сотрудник стал менеджером клуба';
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

const ROLE_LABELS = { admin: 'Администратор', editor: 'Редактор', manager: 'Менеджер клуба' } as const;

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, me, minPassword, gyms } = loaderData;
  const gymName = new Map(gyms.map((gym) => [gym.id, gym.name]));
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
              <td>
                {ROLE_LABELS[user.role]}
                {user.role === 'manager' ? (
                  <span className="admin-muted">
                    {' '}
                    ({user.gym_ids.map((id) => gymName.get(id) ?? `№${id}`).join(', ')})
                  </span>
                ) : null}
              </td>
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
                {user.id !== me ? (
                  <Form method="post" className="admin-inline-form admin-manager-form">
                    <input type="hidden" name="id" value={user.id} />
                    <fieldset>
                      <legend className="visually-hidden">Залы менеджера {user.email}</legend>
                      {gyms.map((gym) => (
                        <label key={gym.id} className="admin-choice">
                          <input
                            type="checkbox"
                            name="gyms"
                            value={gym.id}
                            defaultChecked={user.role === 'manager' && user.gym_ids.includes(gym.id)}
                          />{' '}
                          {gym.name}
                        </label>
                      ))}
                    </fieldset>
                    <button
                      type="submit"
                      name="intent"
                      value="make-manager"
                      className="admin-button admin-button--small admin-button--ghost"
                      aria-label={`${user.role === 'manager' ? 'Сохранить залы менеджера' : 'Сделать менеджером клуба'} ${user.email}`}
                    >
                      {user.role === 'manager' ? 'Сохранить залы' : 'Сделать менеджером клуба'}
                    </button>
                  </Form>
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
        <AdminField id="staff-email" label="Email">
          <input
            id="staff-email"
            type="email"
            name="email"
            required
            defaultValue={actionData?.intent === 'create' ? actionData.email : ''}
          />
        </AdminField>
        <AdminField id="staff-name" label="Имя">
          <input id="staff-name" name="name" defaultValue={actionData?.intent === 'create' ? actionData.name : ''} />
        </AdminField>
        <AdminField id="staff-role" label="Роль">
          <select id="staff-role" name="role" defaultValue="editor">
            <option value="editor">Редактор</option>
            <option value="manager">Менеджер клуба</option>
            <option value="admin">Администратор</option>
          </select>
        </AdminField>
        <fieldset className="admin-field admin-field--group">
          <legend className="admin-field__label">Залы менеджера клуба</legend>
          <div className="admin-field__choices">
            {gyms.map((gym) => (
              <label key={gym.id} className="admin-choice">
                <input type="checkbox" name="gyms" value={gym.id} /> {gym.name}
              </label>
            ))}
          </div>
          <p className="admin-field__hint">
            Менеджер видит и меняет только записи, заявки и записи на занятия своих залов; общие для всех залов записи
            (направления, тренировки, партнёры, политика) он только просматривает.
          </p>
        </fieldset>
        <AdminField id="staff-password" label={<>Пароль (не короче {minPassword} символов)</>}>
          <input
            id="staff-password"
            type="password"
            name="password"
            required
            minLength={minPassword}
            autoComplete="new-password"
          />
        </AdminField>
        <button type="submit" name="intent" value="create" className="admin-button">
          Добавить
        </button>
      </Form>
    </section>
  );
}
