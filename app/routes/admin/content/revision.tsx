import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import type { ImagePreview } from '#app/admin/fields.ts';
import { kindOf } from '#app/admin/kinds/index.ts';
import { adminTitle } from '#app/admin/nav.ts';
import {
  changedFields,
  REVISION_KIND_LABELS,
  revisionAuthor,
  revisionData,
  revisionText,
} from '#app/admin/revisions.ts';
import { recordPath, sectionByKey, sectionOfRoute } from '#app/admin/sections.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { SectionTabs } from '#app/components/admin/SectionTabs.tsx';
import { StaffTime, useStaffClock } from '#app/components/admin/StaffTime.tsx';
import { TableHead } from '#app/components/admin/TableHead.tsx';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { Image } from '#app/components/Image.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { formOptionalId, parseFormData, readForm } from '#app/infra/form.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb, getServices } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { staffTimeText } from '#app/lib/staff-time.ts';
import { getRow, loadOptions, optionSources } from '#app/models/admin/content.server.ts';
import { getImages } from '#app/models/image.server.ts';
import { getRevision } from '#app/models/revision.server.ts';
import { visibilityOf } from '#app/services/access.server.ts';
import { restoreRecord, type ShownRecord } from '#app/services/content-save.server.ts';
import { historyRecordId, recordZone } from '#app/services/revisions.server.ts';
import { getStaffClock } from '#app/services/staff-clock.server.ts';
import type { Database } from '#db/index.ts';
import type { Route } from './+types/revision';

async function findRevision(db: Database, sectionKey: string, recordId: number, param: string, path: string) {
  const id = parseId(param);
  const revision = id === null ? null : await getRevision(db, id);
  if (!revision || revision.section !== sectionKey || revision.recordId !== recordId) {
    notFound(`Версия не найдена: ${path}`);
  }
  return revision;
}

/** Versions keep image ids as numbers. */
const imageIdOf = (value: unknown) => (typeof value === 'number' ? value : parseId(value));

async function previews(db: Database, ids: number[]): Promise<Record<number, ImagePreview>> {
  const images = await getImages(db, ids);
  return Object.fromEntries(
    images.map((image) => [
      image.id,
      {
        id: image.id,
        key: image.storage_key,
        width: image.width,
        height: image.height,
        placeholder: image.placeholder,
      },
    ]),
  );
}

/** One version beside the record's current state, field by field (docs/revisions.md). */
export async function loader({ context, params, url, pattern }: Route.LoaderArgs) {
  const section = sectionOfRoute(pattern);
  const db = getDb(context);
  const id = await historyRecordId(db, section, params.id, url.pathname);
  const revision = await findRevision(db, section.key, id, params.revisionId, url.pathname);
  const row = await getRow(db, section, id);
  const current = row ? revisionData(section, row) : null;
  const changed = new Set(current ? changedFields(section, revision.data, current).map((field) => field.name) : []);
  const options = await loadOptions(db, optionSources(section), visibilityOf(getStaff(context)));
  const imageIds = section.fields
    .filter((field) => field.kind === 'image')
    .flatMap((field) => [revision.data[field.name], current?.[field.name]])
    .flatMap((value) => imageIdOf(value) ?? []);
  const images = await previews(db, imageIds);
  const cell = (name: string, values: Record<string, unknown> | null) => {
    const field = section.fields.find((candidate) => candidate.name === name)!;
    if (!values) return { text: '—', image: null };
    if (field.kind !== 'image') return { text: revisionText(field, values[name], options), image: null };
    const imageId = imageIdOf(values[name]);
    const image = imageId === null ? null : (images[imageId] ?? null);
    return { text: imageId === null ? '—' : 'изображение больше не хранится', image };
  };
  return {
    sectionKey: section.key,
    id,
    zone: await recordZone(db, section, id, revision.data),
    label: String((row ?? revision.data)[section.labelColumn] ?? '') || `#${id}`,
    deleted: !row,
    version: row && section.versioned ? Number(row.version) : null,
    revision: {
      id: revision.id,
      kind: revision.kind,
      staffName: revision.staffName,
      createdAt: revision.createdAt.toISOString(),
    },
    fields: section.fields.map((field) => ({
      name: field.name,
      label: field.label,
      multiline: kindOf(field).control(field).element === 'textarea',
      changed: changed.has(field.name),
      old: cell(field.name, revision.data),
      current: cell(field.name, current),
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: adminTitle(loaderData ? `Версия «${loaderData.label}»` : undefined) },
];

const restoreFields = z.object({ version: formOptionalId(), deleted: z.literal('1').optional().catch(undefined) });

export async function action({ request, context, params, url, pattern }: Route.ActionArgs) {
  const section = sectionOfRoute(pattern);
  const db = getDb(context);
  const id = await historyRecordId(db, section, params.id, url.pathname);
  const revision = await findRevision(db, section.key, id, params.revisionId, url.pathname);
  const form = parseFormData(await readForm(request), restoreFields);
  const shown: ShownRecord =
    form.success && form.data.deleted
      ? { deleted: true }
      : { deleted: false, version: form.success ? form.data.version : null };
  const keepDays = getServices(context).env.REVISIONS_KEEP_DAYS;
  const result = await restoreRecord(db, section, revision, getStaff(context).id, new Date(), shown, keepDays);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  const notes = result.notes.length ? `. ${result.notes.join('; ')}` : '';
  const clock = getStaffClock(context);
  const zone = (await recordZone(db, section, result.id, revision.data)) ?? clock.network;
  return redirectWithFlash(recordPath(section, result.id), {
    kind: 'success',
    text: `Восстановлена версия от ${staffTimeText(revision.createdAt, zone, clock.viewer)}: «${result.label}»${notes}`,
  });
}

type Cell = { text: string; image: ImagePreview | null };

function Value({ cell, multiline }: { cell: Cell; multiline: boolean }) {
  if (cell.image) {
    return <Image image={cell.image} alt="" width={96} className="admin-thumb admin-compare__thumb" />;
  }
  return (
    <span className={multiline ? 'admin-compare__text admin-compare__text--multiline' : undefined}>{cell.text}</span>
  );
}

export default function RevisionCompare({ loaderData, actionData }: Route.ComponentProps) {
  const { id, label, deleted, version, revision, fields, zone } = loaderData;
  const clock = useStaffClock();
  const section = sectionByKey(loaderData.sectionKey)!;
  const navigation = useNavigation();
  const changedCount = fields.filter((field) => field.changed).length;
  const when = staffTimeText(revision.createdAt, zone || clock.network, clock.viewer);
  return (
    <section className="admin-section">
      {section.group ? <SectionTabs group={section.group} current={section.key} /> : null}
      <p>
        <Link to={`${recordPath(section, id)}/history`} className="admin-link">
          ← История «{label}»
        </Link>
      </p>
      <Heading level={1}>
        Версия от <StaffTime value={revision.createdAt} zone={zone} />
      </Heading>
      <p className="admin-muted">
        {REVISION_KIND_LABELS[revision.kind]} · {revisionAuthor(revision.kind, revision.staffName)}
        {deleted ? null : ` · отличается от текущей в полях: ${changedCount}`}
      </p>
      <FormAlert message={actionData?.error} className="admin-flash admin-flash--error" />
      <div className="admin-compare__scroll">
        <table className="admin-table admin-compare">
          <caption className="visually-hidden">
            Поля версии от {when} рядом с {deleted ? 'пустой удалённой записью' : 'текущими значениями'}
          </caption>
          <TableHead columns={['Поле', 'Эта версия', deleted ? 'Сейчас (запись удалена)' : 'Сейчас']} />
          <tbody>
            {fields.map((field) => (
              <tr key={field.name} className={field.changed ? 'admin-compare__row--changed' : undefined}>
                <th scope="row">
                  {field.label}
                  {field.changed ? <span className="admin-compare__mark"> изменено</span> : null}
                </th>
                <td data-label={field.changed || deleted ? 'Эта версия' : 'Без изменений'}>
                  <Value cell={field.old} multiline={field.multiline} />
                </td>
                <td data-label="Сейчас" className={field.changed || deleted ? undefined : 'admin-compare__same'}>
                  <Value cell={field.current} multiline={field.multiline} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Form method="post" className="admin-compare__actions">
        {version !== null ? <input type="hidden" name="version" value={version} /> : null}
        {deleted ? <input type="hidden" name="deleted" value="1" /> : null}
        <button type="submit" className="admin-button" disabled={navigation.state === 'submitting'}>
          Восстановить эту версию
        </button>
        <span className="admin-muted">
          {deleted
            ? 'Запись вернётся на сайт с этими значениями.'
            : 'Текущие значения тоже останутся в истории: восстановление — ещё одна версия.'}
        </span>
      </Form>
    </section>
  );
}
