import { Form, Link, redirect } from 'react-router';
import { Heading } from '#app/components/Heading.tsx';
import { setFlash } from '#app/infra/flash.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import { adminTitle } from '#app/lib/admin-sections.ts';
import { deleteRow, getRow } from '#app/models/admin/content.server.ts';
import { sectionForPath } from '#app/models/admin/sections.server.ts';
import { getStaff } from '#app/services/auth.server.ts';
import type { Route } from './+types/delete';

function parseId(id: string): number {
  if (!/^\d{1,9}$/.test(id)) throw new Response('Запись не найдена', { status: 404 });
  return Number(id);
}

/** The confirmation step of a delete, as its own page so it works without JavaScript. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const section = sectionForPath(url.pathname);
  const row = await getRow(getDb(context), section, parseId(params.id));
  if (!row) throw new Response(`Запись не найдена: ${url.pathname}`, { status: 404 });
  return { section: { key: section.key, title: section.title }, label: String(row[section.labelColumn] ?? row.id) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: adminTitle(loaderData?.section.title) }];

export async function action({ context, params, url }: Route.ActionArgs) {
  const section = sectionForPath(url.pathname);
  const result = await deleteRow(getDb(context), section, parseId(params.id), getStaff(context).id);
  const flash =
    result === 'deleted'
      ? { kind: 'success' as const, text: 'Удалено' }
      : result === 'missing'
        ? { kind: 'info' as const, text: 'Запись уже была удалена' }
        : {
            kind: 'error' as const,
            text: 'Нельзя удалить: на эту запись ссылаются другие (например, тренировки направления)',
          };
  return redirect(`/admin/${section.key}`, { headers: { 'Set-Cookie': await setFlash(flash) } });
}

export default function ConfirmDelete({ loaderData }: Route.ComponentProps) {
  const { section, label } = loaderData;
  return (
    <section className="admin-section admin-confirm">
      <Heading level={1}>Удалить «{label}»?</Heading>
      <p>Запись исчезнет с сайта. Это действие нельзя отменить.</p>
      <Form method="post" className="admin-confirm__actions">
        <button type="submit" className="admin-button admin-button--danger">
          Да, удалить
        </button>
        <Link to={`/admin/${section.key}`} className="admin-button admin-button--ghost">
          Отмена
        </Link>
      </Form>
    </section>
  );
}
