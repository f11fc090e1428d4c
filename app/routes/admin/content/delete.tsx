import { Form, Link } from 'react-router';
import { adminTitle } from '#app/admin/nav.ts';
import { DELETE_CONSEQUENCE } from '#app/admin/revisions.ts';
import { sectionByKey, sectionHome, sectionOfRoute } from '#app/admin/sections.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { Heading } from '#app/components/Heading.tsx';
import { visitorChannelsOf } from '#app/infra/env.server.ts';
import { type Flash, redirectWithFlash } from '#app/infra/flash.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb, getServices } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { getRow, recordTitle } from '#app/models/admin/content.server.ts';
import { deleteRecord } from '#app/services/content-save.server.ts';
import type { Route } from './+types/delete';

function recordId(param: string, path: string): number {
  const id = parseId(param);
  if (id === null) notFound(`Запись не найдена: ${path}`);
  return id;
}

/** The confirmation step of a delete, as its own page so it works without JavaScript. */
export async function loader({ context, params, url, pattern }: Route.LoaderArgs) {
  const section = sectionOfRoute(pattern);
  const db = getDb(context);
  const row = await getRow(db, section, recordId(params.id, url.pathname));
  if (!row) notFound(`Запись не найдена: ${url.pathname}`);
  const label = (await recordTitle(db, section, row.id)) ?? String(row[section.labelColumn] ?? row.id);
  return { sectionKey: section.key, label, back: sectionHome(section, row) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: adminTitle(loaderData ? sectionByKey(loaderData.sectionKey)?.title : undefined) },
];

const OUTCOMES: Record<Awaited<ReturnType<typeof deleteRecord>>, Flash> = {
  deleted: { kind: 'success', text: 'Удалено. Запись можно восстановить в разделе «Удалённые» в течение 30 дней' },
  missing: { kind: 'info', text: 'Запись уже была удалена' },
  referenced: {
    kind: 'error',
    text: 'Нельзя удалить: на эту запись ссылаются другие (например, тренировки направления)',
  },
};

export async function action({ context, params, url, pattern }: Route.ActionArgs) {
  const section = sectionOfRoute(pattern);
  const db = getDb(context);
  const id = recordId(params.id, url.pathname);
  const [row, title] = await Promise.all([getRow(db, section, id), recordTitle(db, section, id)]);
  // What was scheduled for the record goes with it (docs/product/scheduling.md).
  const result = await deleteRecord(db, section, id, getStaff(context).id, {
    visitorChannels: visitorChannelsOf(getServices(context).env),
  });
  const flash = result === 'deleted' && title ? { ...OUTCOMES.deleted, text: `Удалено: «${title}»` } : OUTCOMES[result];
  return redirectWithFlash(sectionHome(section, row), flash);
}

export default function ConfirmDelete({ loaderData }: Route.ComponentProps) {
  const { label, back } = loaderData;
  return (
    <section className="admin-section admin-confirm">
      <Heading level={1}>Удалить «{label}»?</Heading>
      <p>{DELETE_CONSEQUENCE}</p>
      <Form method="post" className="admin-confirm__actions">
        <button type="submit" className="admin-button admin-button--danger">
          Да, удалить
        </button>
        <Link to={back} className="admin-button admin-button--ghost">
          Отмена
        </Link>
      </Form>
    </section>
  );
}
