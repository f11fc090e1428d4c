import { Form, Link } from 'react-router';
import { adminTitle } from '#app/admin/nav.ts';
import { sectionByKey, sectionOfRoute } from '#app/admin/sections.ts';
import { Heading } from '#app/components/Heading.tsx';
import { type Flash, redirectWithFlash } from '#app/infra/flash.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { deleteRow, getRow } from '#app/models/admin/content.server.ts';
import { getStaff } from '#app/services/auth.server.ts';
import type { Route } from './+types/delete';

function recordId(param: string, path: string): number {
  const id = parseId(param);
  if (id === null) throw new Response(`Запись не найдена: ${path}`, { status: 404 });
  return id;
}

/** The confirmation step of a delete, as its own page so it works without JavaScript. */
export async function loader({ context, params, url, pattern }: Route.LoaderArgs) {
  const section = sectionOfRoute(pattern);
  const row = await getRow(getDb(context), section, recordId(params.id, url.pathname));
  if (!row) throw new Response(`Запись не найдена: ${url.pathname}`, { status: 404 });
  return { sectionKey: section.key, label: String(row[section.labelColumn] ?? row.id) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: adminTitle(loaderData ? sectionByKey(loaderData.sectionKey)?.title : undefined) },
];

const OUTCOMES: Record<Awaited<ReturnType<typeof deleteRow>>, Flash> = {
  deleted: { kind: 'success', text: 'Удалено. Запись можно восстановить в разделе «Удалённые» в течение 30 дней' },
  missing: { kind: 'info', text: 'Запись уже была удалена' },
  referenced: {
    kind: 'error',
    text: 'Нельзя удалить: на эту запись ссылаются другие (например, тренировки направления)',
  },
};

export async function action({ context, params, url, pattern }: Route.ActionArgs) {
  const section = sectionOfRoute(pattern);
  const result = await deleteRow(getDb(context), section, recordId(params.id, url.pathname), getStaff(context).id);
  return redirectWithFlash(`/admin/${section.key}`, OUTCOMES[result]);
}

export default function ConfirmDelete({ loaderData }: Route.ComponentProps) {
  const { label } = loaderData;
  const section = sectionByKey(loaderData.sectionKey)!;
  return (
    <section className="admin-section admin-confirm">
      <Heading level={1}>Удалить «{label}»?</Heading>
      <p>Запись исчезнет с сайта. В течение 30 дней её можно восстановить в разделе «Удалённые».</p>
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
