import { Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { adminTitle } from '#app/admin/nav.ts';
import { recordPath, SECTIONS, sectionByKey } from '#app/admin/sections.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { FilterForm } from '#app/components/admin/FilterForm.tsx';
import { FilterSelect } from '#app/components/admin/FilterSelect.tsx';
import { StaffTime } from '#app/components/admin/StaffTime.tsx';
import { TableHead } from '#app/components/admin/TableHead.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { formId, requireForm } from '#app/infra/form.server.ts';
import { getDb, getServices } from '#app/infra/services.server.ts';
import { getRevision, listDeleted } from '#app/models/revision.server.ts';
import { sectionRecordAccess } from '#app/services/access.server.ts';
import { restoreRecord } from '#app/services/content-save.server.ts';
import { recordZone } from '#app/services/revisions.server.ts';
import type { Route } from './+types/deleted';

/** Records deleted in the last 30 days, of every section or one, with a restore button each (docs/revisions.md). */
export async function loader({ context, url }: Route.LoaderArgs) {
  // An unknown section in the query string is ignored, like any malformed filter.
  const filter = sectionByKey(url.searchParams.get('section') ?? '')?.key ?? '';
  const db = getDb(context);
  const staff = getStaff(context);
  // A manager sees the deleted records of their gyms and shared ones (docs/product/roles.md).
  const revisions = [];
  for (const revision of await listDeleted(db, new Date(), filter || undefined)) {
    const section = sectionByKey(revision.section);
    if (section && (await sectionRecordAccess(db, staff, section, revision.recordId)) !== 'none') {
      revisions.push(revision);
    }
  }
  // Each record's time in its gym's zone, found through its last version (one lookup per row, 30 days of deletes).
  const zones = await Promise.all(
    revisions.map((revision) => {
      const section = sectionByKey(revision.section);
      return section ? recordZone(db, section, revision.recordId, revision.data) : null;
    }),
  );
  return {
    section: filter,
    sections: SECTIONS.filter((section) => !section.singleton).map((section) => ({
      key: section.key,
      title: section.title,
    })),
    entries: revisions.flatMap((revision, index) => {
      const section = sectionByKey(revision.section);
      if (!section) return [];
      return [
        {
          revisionId: revision.id,
          sectionKey: section.key,
          sectionTitle: section.title,
          recordId: revision.recordId,
          label: String(revision.data[section.labelColumn] ?? '') || `#${revision.recordId}`,
          staffName: revision.staffName,
          deletedAt: revision.createdAt.toISOString(),
          zone: zones[index] ?? null,
        },
      ];
    }),
  };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle('Удалённые') }];

const restoreFields = z.object({ revision: formId() });

/** What the «Удалённые» page shows of a record: deleted. */
const DELETED = { deleted: true } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb(context);
  const { revision: revisionId } = await requireForm(request, restoreFields);
  const revision = await getRevision(db, revisionId);
  const section = revision ? sectionByKey(revision.section) : undefined;
  if (!revision || !section || revision.kind !== 'delete') {
    return redirectWithFlash('/admin/deleted', {
      kind: 'info',
      text: 'Эта запись уже восстановлена или удалена навсегда',
    });
  }
  const keepDays = getServices(context).env.REVISIONS_KEEP_DAYS;
  const result = await restoreRecord(db, section, revision, getStaff(context).id, new Date(), DELETED, keepDays);
  if (!result.ok) return redirectWithFlash('/admin/deleted', { kind: 'error', text: result.message });
  const notes = result.notes.length ? `. ${result.notes.join('; ')}` : '';
  return redirectWithFlash(recordPath(section, result.id), {
    kind: 'success',
    text: `Восстановлено: «${result.label}»${notes}`,
  });
}

export default function DeletedRecords({ loaderData }: Route.ComponentProps) {
  const { entries, section, sections } = loaderData;
  const navigation = useNavigation();
  return (
    <section className="admin-section">
      <Heading level={1}>Удалённые</Heading>
      <p className="admin-muted">
        Удалённую запись можно вернуть в течение 30 дней — с теми же полями и картинками. Потом она удаляется навсегда.
      </p>
      <FilterForm key={section} label="Раздел удалённых записей">
        <FilterSelect
          label="Раздел"
          name="section"
          value={section}
          allLabel="Все разделы"
          options={sections.map((option) => ({ value: option.key, label: option.title }))}
        />
      </FilterForm>
      {entries.length === 0 ? (
        <p className="admin-muted">За последние 30 дней ничего не удаляли.</p>
      ) : (
        <table className="admin-table admin-deleted">
          <TableHead
            columns={[
              'Запись',
              'Раздел',
              'Удалена',
              <span key="actions" className="visually-hidden">
                Действия
              </span>,
            ]}
          />
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.revisionId}>
                <td data-label="Запись">{entry.label}</td>
                <td data-label="Раздел">{entry.sectionTitle}</td>
                <td data-label="Удалена">
                  <StaffTime value={entry.deletedAt} zone={entry.zone} />
                  {entry.staffName ? <span className="admin-muted"> · {entry.staffName}</span> : null}
                </td>
                <td className="admin-table__actions">
                  <Link
                    to={`/admin/${entry.sectionKey}/${entry.recordId}/history/${entry.revisionId}`}
                    className="admin-button admin-button--ghost admin-button--small"
                    aria-label={`Посмотреть «${entry.label}»`}
                  >
                    Посмотреть
                  </Link>
                  <Form method="post" className="admin-inline-form">
                    <input type="hidden" name="revision" value={entry.revisionId} />
                    <button
                      type="submit"
                      className="admin-button admin-button--small"
                      aria-label={`Восстановить «${entry.label}»`}
                      disabled={navigation.state === 'submitting'}
                    >
                      Восстановить
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
