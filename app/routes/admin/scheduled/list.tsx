import { Link } from 'react-router';
import { staffPageMeta } from '#app/admin/nav.ts';
import { SCHEDULED_ACTION_LABELS, SCHEDULED_TITLE } from '#app/admin/scheduling.ts';
import { recordPath, sectionByKey } from '#app/admin/sections.ts';
import { getStaff, type StaffIdentity } from '#app/auth/staff.server.ts';
import { FilterForm } from '#app/components/admin/FilterForm.tsx';
import { FilterSelect } from '#app/components/admin/FilterSelect.tsx';
import { StaffTime } from '#app/components/admin/StaffTime.tsx';
import { TableHead } from '#app/components/admin/TableHead.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { getDb } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { loadOptions } from '#app/models/admin/content.server.ts';
import { gymIdsOfRecord, gymNamesOfRecords } from '#app/models/record-gyms.server.ts';
import { listScheduledChanges, type ScheduledChangeRow } from '#app/models/scheduled-change.server.ts';
import { sectionRecordAccess, visibilityOf } from '#app/services/access.server.ts';
import { recordZone } from '#app/services/revisions.server.ts';
import type { Database } from '#db/index.ts';
import type { Route } from './+types/list';

/** One change as the list shows it: the record's section, its gyms and its zone found once per row. */
async function entries(db: Database, staff: StaffIdentity, rows: ScheduledChangeRow[], gymFilter: number | null) {
  const known = [];
  for (const row of rows) {
    const section = sectionByKey(row.section);
    // A manager sees what is scheduled for their gyms' records and shared ones (docs/product/roles.md).
    if (section && (await sectionRecordAccess(db, staff, section, row.record_id)) !== 'none') {
      known.push({ row, section });
    }
  }
  const names = await gymNamesOfRecords(
    db,
    known.map(({ row, section }) => ({ entity: section.entity, id: row.record_id })),
  );
  const shown = [];
  for (const { row, section } of known) {
    if (gymFilter !== null) {
      const gyms = await gymIdsOfRecord(db, section.entity, row.record_id);
      // A record shared by all gyms belongs to every gym's list.
      if (gyms.length > 0 && !gyms.includes(gymFilter)) continue;
    }
    shown.push({
      id: row.id,
      action: row.action,
      sectionTitle: section.title,
      title: row.title || `#${row.record_id}`,
      recordPath: recordPath(section, row.record_id),
      gyms: names.get(`${section.entity}:${row.record_id}`) ?? 'Все залы',
      dueAt: row.due_at.toISOString(),
      author: row.created_by_name ?? 'автор не записан',
      appliedAt: row.applied_at?.toISOString() ?? null,
      cancelledAt: row.cancelled_at?.toISOString() ?? null,
      failure: row.failure,
      zone: await recordZone(db, section, row.record_id, undefined),
    });
  }
  return shown;
}

/** What will change on the site, when, by whom and in which gym (docs/product/scheduling.md). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const staff = getStaff(context);
  const gym = parseId(url.searchParams.get('gym') ?? '');
  const options = await loadOptions(db, ['gyms'], visibilityOf(staff));
  const gymFilter = gym !== null && options.gyms?.some((option) => option.value === String(gym)) ? gym : null;
  return {
    gym: gymFilter === null ? '' : String(gymFilter),
    gyms: options.gyms ?? [],
    pending: await entries(db, staff, await listScheduledChanges(db), gymFilter),
    recent: await entries(db, staff, await listScheduledChanges(db, { recent: true }), gymFilter),
  };
}

export const meta: Route.MetaFunction = () => staffPageMeta(SCHEDULED_TITLE);

type Entry = Awaited<ReturnType<typeof entries>>[number];

function ChangeTable({ rows, done }: { rows: Entry[]; done: boolean }) {
  return (
    <table className="admin-table admin-scheduled">
      <TableHead columns={[done ? 'Когда было' : 'Когда', 'Что', 'Запись', 'Залы', 'Кто запланировал', 'Действия']} />
      <tbody>
        {rows.map((entry) => (
          <tr key={entry.id}>
            <td data-label={done ? 'Когда было' : 'Когда'}>
              <StaffTime value={entry.dueAt} zone={entry.zone} />
            </td>
            <td data-label="Что">
              {SCHEDULED_ACTION_LABELS[entry.action]}
              {done ? (
                <span className="admin-muted">
                  {' '}
                  · {entry.cancelledAt ? 'отменено' : entry.failure ? `не применено: ${entry.failure}` : 'применено'}
                </span>
              ) : null}
            </td>
            <td data-label="Запись">
              <Link to={entry.recordPath} className="admin-link">
                {entry.title}
              </Link>
              <span className="admin-muted"> · {entry.sectionTitle}</span>
            </td>
            <td data-label="Залы">{entry.gyms}</td>
            <td data-label="Кто запланировал">{entry.author}</td>
            <td className="admin-table__actions">
              <Link
                to={`/admin/scheduled/${entry.id}`}
                className="admin-button admin-button--ghost admin-button--small"
                aria-label={`Открыть: ${SCHEDULED_ACTION_LABELS[entry.action].toLowerCase()} «${entry.title}»`}
              >
                Открыть
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ScheduledChanges({ loaderData }: Route.ComponentProps) {
  const { pending, recent, gym, gyms } = loaderData;
  return (
    <section className="admin-section">
      <Heading level={1}>{SCHEDULED_TITLE}</Heading>
      <p className="admin-muted">
        Публикации, снятия с публикации и новые версии записей, которые применятся сами в указанное время (время зала
        записи). До этого на сайте остаётся текущая версия.
      </p>
      <FilterForm key={gym} label="Зал запланированных изменений">
        <FilterSelect label="Зал" name="gym" value={gym} allLabel="Все залы" options={gyms} />
      </FilterForm>
      {pending.length === 0 ? (
        <p className="admin-muted">Ничего не запланировано.</p>
      ) : (
        <ChangeTable rows={pending} done={false} />
      )}
      {recent.length ? (
        <>
          <Heading level={2}>Недавно применённые и отменённые</Heading>
          <ChangeTable rows={recent} done />
        </>
      ) : null}
    </section>
  );
}
