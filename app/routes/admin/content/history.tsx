import { Link } from 'react-router';
import { adminTitle } from '#app/admin/nav.ts';
import { changedFields, REVISION_KIND_LABELS, revisionAuthor, revisionData } from '#app/admin/revisions.ts';
import { recordPath, sectionByKey, sectionOfRoute } from '#app/admin/sections.ts';
import { SectionTabs } from '#app/components/admin/SectionTabs.tsx';
import { StaffTime, useStaffClock } from '#app/components/admin/StaffTime.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import { staffTimeText } from '#app/lib/staff-time.ts';
import { getRow } from '#app/models/admin/content.server.ts';
import { gymNamesOfRecords } from '#app/models/record-gyms.server.ts';
import { listRevisions } from '#app/models/revision.server.ts';
import { historyRecordId, recordZone } from '#app/services/revisions.server.ts';
import type { Route } from './+types/history';

/** A record's versions, newest first, each with the fields its save changed (docs/revisions.md). */
export async function loader({ context, params, url, pattern }: Route.LoaderArgs) {
  const section = sectionOfRoute(pattern);
  const db = getDb(context);
  const id = await historyRecordId(db, section, params.id, url.pathname);
  const [row, revisions] = await Promise.all([getRow(db, section, id), listRevisions(db, section.key, id)]);
  if (!row && revisions.length === 0) notFound(`Запись не найдена: ${url.pathname}`);
  const current = row ? revisionData(section, row) : null;
  const entries = revisions.map((revision, index) => {
    const older = revisions[index + 1];
    const changed =
      older && revision.kind !== 'delete' ? changedFields(section, older.data, revision.data).map((f) => f.label) : [];
    return {
      id: revision.id,
      kind: revision.kind,
      staffName: revision.staffName,
      createdAt: revision.createdAt.toISOString(),
      changed,
      isCurrent: index === 0 && current !== null && changedFields(section, revision.data, current).length === 0,
    };
  });
  const label = String((row ?? revisions[0]?.data)?.[section.labelColumn] ?? '') || `#${id}`;
  // A record the database removed along with another one has no delete version and cannot come back.
  const restorable = !row && revisions[0]?.kind === 'delete';
  const zone = await recordZone(db, section, id, revisions[0]?.data);
  // The history names the record's gyms (docs/product/roles.md); a deleted record's come from its last version.
  const gyms = row
    ? ((await gymNamesOfRecords(db, [{ entity: section.entity, id }])).get(`${section.entity}:${id}`) ?? null)
    : null;
  return { sectionKey: section.key, id, label, deleted: !row, restorable, entries, zone, gyms };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: adminTitle(loaderData ? `История «${loaderData.label}»` : undefined) },
];

export default function RecordHistory({ loaderData }: Route.ComponentProps) {
  const { id, label, deleted, restorable, entries, zone, gyms } = loaderData;
  const clock = useStaffClock();
  const section = sectionByKey(loaderData.sectionKey)!;
  const base = `${recordPath(section, id)}/history`;
  return (
    <section className="admin-section">
      {section.group ? <SectionTabs group={section.group} current={section.key} /> : null}
      <p>
        <Link to={deleted ? '/admin/deleted' : recordPath(section, id)} className="admin-link">
          ← {deleted ? 'Удалённые' : `Изменить «${label}»`}
        </Link>
      </p>
      <Heading level={1}>История «{label}»</Heading>
      {gyms ? <p className="admin-muted">Залы: {gyms}</p> : null}
      {deleted && !restorable ? (
        <p className="admin-flash admin-flash--info">
          Запись удалили вместе со связанной с ней записью: восстановить её нельзя, но прежние версии можно посмотреть.
        </p>
      ) : null}
      {restorable ? (
        <p className="admin-flash admin-flash--info">
          Запись удалена. Её можно восстановить в разделе <Link to="/admin/deleted">«Удалённые»</Link> в течение 30 дней
          после удаления.
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="admin-muted">Версий пока нет: они появятся с первым сохранением записи.</p>
      ) : (
        <ol className="admin-revisions" aria-label="Версии, новые сверху">
          {entries.map((entry) => (
            <li key={entry.id} className="admin-revision">
              <div className="admin-revision__head">
                <span>
                  <StaffTime value={entry.createdAt} zone={zone} />
                </span>
                <span className="admin-badge">{REVISION_KIND_LABELS[entry.kind]}</span>
                <span>{revisionAuthor(entry.kind, entry.staffName)}</span>
                {entry.isCurrent ? <span className="admin-badge admin-badge--current">Текущая</span> : null}
              </div>
              {entry.changed.length ? (
                <p className="admin-revision__changed">Изменено: {entry.changed.join(', ')}</p>
              ) : null}
              {entry.isCurrent ? null : (
                <Link to={`${base}/${entry.id}`} className="admin-link">
                  {deleted ? 'Посмотреть эту версию' : 'Сравнить с текущей'}
                  <span className="visually-hidden">
                    {' '}
                    ({staffTimeText(entry.createdAt, zone || clock.network, clock.viewer)})
                  </span>
                </Link>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
