import { data, Link } from 'react-router';
import { z } from 'zod';
import type { FormValues, ImagePreview } from '#app/admin/fields.ts';
import { kindOf } from '#app/admin/kinds/index.ts';
import { adminTitle } from '#app/admin/nav.ts';
import { SCHEDULED_ACTION_LABELS } from '#app/admin/scheduling.ts';
import type { AnySection } from '#app/admin/section.ts';
import { recordPath, sectionByKey, sectionHome, sectionOfRoute } from '#app/admin/sections.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { EntityForm } from '#app/components/admin/EntityForm.tsx';
import { SectionTabs } from '#app/components/admin/SectionTabs.tsx';
import { StaffTime } from '#app/components/admin/StaffTime.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { formOptionalId, parseFormData, readForm } from '#app/infra/form.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb, getServices } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { getRow, loadOptions, optionSources, recordTitle, singletonId } from '#app/models/admin/content.server.ts';
import { getImages } from '#app/models/image.server.ts';
import { pendingChangesOf } from '#app/models/scheduled-change.server.ts';
import { canWriteSection, sectionRecordAccess, visibilityOf } from '#app/services/access.server.ts';
import {
  CONTENT_FORM_MAX_BYTES,
  CONTENT_MULTI_FORM_MAX_BYTES,
  defaultFormValues,
  pendingName,
  rowToFormValues,
} from '#app/services/admin-form.server.ts';
import { saveRecord, schedulable, scheduledVersion, scheduleZone } from '#app/services/content-save.server.ts';
import { imageDetailValues } from '#app/services/image-details.server.ts';
import { localMomentValue } from '#app/services/scheduled-changes.server.ts';
import { getStaffClock } from '#app/services/staff-clock.server.ts';
import type { Database } from '#db/index.ts';
import type { Route } from './+types/edit';

async function imagePreviews(db: Database, section: AnySection, values: FormValues) {
  const imageFields = section.fields.filter((field) => field.kind === 'image');
  const ids = imageFields.flatMap((field) => parseId(values[field.name]) ?? []);
  const images = await getImages(db, ids);
  const previews: Record<string, ImagePreview | null> = {};
  for (const field of imageFields) {
    const image = images.find((candidate) => candidate.id === parseId(values[field.name]));
    previews[field.name] = image
      ? {
          id: image.id,
          key: image.storage_key,
          width: image.width,
          height: image.height,
          placeholder: image.placeholder,
          focalX: image.focal_x,
          focalY: image.focal_y,
        }
      : null;
  }
  return previews;
}

/** Previews of the extra pictures a multi-file create carries across a failed save, by field. */
async function pendingPreviews(db: Database, section: AnySection, values: FormValues) {
  const previews: Record<string, ImagePreview[]> = {};
  for (const field of section.fields) {
    if (field.kind !== 'image' || !field.multipleOnCreate) continue;
    const pending = values[pendingName(field.name)];
    const ids = (Array.isArray(pending) ? pending : []).flatMap((id) => parseId(id) ?? []);
    const images = new Map((await getImages(db, ids)).map((image) => [image.id, image]));
    previews[field.name] = ids.flatMap((id) => {
      const image = images.get(id);
      return image
        ? [{ id, key: image.storage_key, width: image.width, height: image.height, placeholder: image.placeholder }]
        : [];
    });
  }
  return previews;
}

/** The id of the record the page edits: none on the create page, the one row of a singleton, else the `:id`. */
async function recordId(db: Database, section: AnySection, param: string | undefined, path: string) {
  const id = section.singleton ? await singletonId(db, section) : param === undefined ? null : parseId(param);
  if (id === null && (section.singleton || param !== undefined)) {
    notFound(`Запись не найдена: ${path}`);
  }
  return id;
}

/**
 * A new record's form, with choices given in the address filled in (the week grid's «+ Добавить» passes the gym and
 * the weekday); only select-like fields are taken, and a value the form does not offer is simply shown as unchosen.
 */
function prefill(section: AnySection, params: URLSearchParams): FormValues {
  const values = defaultFormValues(section.fields);
  for (const field of section.fields) {
    const given = params.get(field.name);
    if (given && kindOf(field).control(field).element === 'select' && parseId(given) !== null) {
      values[field.name] = given;
    }
  }
  return values;
}

export async function loader({ context, params, url, pattern }: Route.LoaderArgs) {
  const section = sectionOfRoute(pattern);
  const db = getDb(context);
  const id = await recordId(db, section, params.id, url.pathname);
  const row = id === null ? null : await getRow(db, section, id);
  if (id !== null && !row) notFound(`Запись не найдена: ${url.pathname}`);
  // «Изменить новую версию» of a scheduled change: the form shows that version and its moment (docs/product/scheduling.md).
  const scheduled =
    id === null ? null : await scheduledVersion(db, section, id, parseId(url.searchParams.get('scheduled')));
  const fieldValues = scheduled
    ? rowToFormValues(section.fields, scheduled.data)
    : row
      ? rowToFormValues(section.fields, row)
      : prefill(section, url.searchParams);
  const values: FormValues = { ...fieldValues, ...(await imageDetailValues(db, section, fieldValues)) };
  if (scheduled) {
    values.publish_at = localMomentValue(
      scheduled.dueAt,
      await scheduleZone(db, section, id, values, getStaffClock(context).network),
    );
  }
  return {
    scheduledId: scheduled?.id ?? null,
    sectionKey: section.key,
    id,
    label: row
      ? ((section.composedLabel ? await recordTitle(db, section, row.id) : null) ??
        String(row[section.labelColumn] ?? ''))
      : null,
    values,
    version: row && section.versioned ? Number(row.version) : null,
    options: await loadOptions(db, optionSources(section), visibilityOf(getStaff(context))),
    images: await imagePreviews(db, section, values),
    // A record a manager may only read (docs/product/roles.md): the form is shown without its save button.
    readOnly:
      !canWriteSection(getStaff(context), section) ||
      (id !== null && (await sectionRecordAccess(db, getStaff(context), section, id)) !== 'write'),
    schedule: schedulable(section)
      ? {
          zone: await scheduleZone(db, section, id, values, getStaffClock(context).network),
          pending: id === null ? [] : await pendingSummaries(db, section.key, id),
        }
      : null,
  };
}

async function pendingSummaries(db: Database, sectionKey: string, id: number) {
  return (await pendingChangesOf(db, sectionKey, id)).map((change) => ({
    id: change.id,
    action: change.action,
    dueAt: change.due_at.toISOString(),
  }));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: adminTitle(loaderData ? sectionByKey(loaderData.sectionKey)?.title : undefined) },
];

/** The form's own fields beside the section's: which button, and the version the form was opened with. */
const saveFields = z.object({
  // `notify`: «Сохранить и отправить сообщения», the confirmed save of a change that tells booked visitors.
  intent: z.enum(['save', 'overwrite', 'notify']).catch('save'),
  version: formOptionalId(),
  current_version: formOptionalId(),
  // The scheduled version the form edits («Изменить новую версию»), replaced instead of scheduling another.
  scheduled_id: formOptionalId(),
});

export async function action({ request, context, params, url, pattern }: Route.ActionArgs) {
  const section = sectionOfRoute(pattern);
  const services = getServices(context);
  const db = services.database.db;
  const id = await recordId(db, section, params.id, url.pathname);
  const multi = id === null && section.fields.some((field) => field.kind === 'image' && field.multipleOnCreate);
  const form = await readForm(request, multi ? CONTENT_MULTI_FORM_MAX_BYTES : CONTENT_FORM_MAX_BYTES);
  const meta = parseFormData(form, saveFields);
  const { intent, version, current_version, scheduled_id } = meta.success
    ? meta.data
    : { intent: 'save' as const, version: null, current_version: null, scheduled_id: null };
  const result = await saveRecord(
    { db, storage: services.storage, env: services.env },
    getStaff(context),
    getStaffClock(context),
    section,
    id,
    form,
    {
      intent,
      version,
      currentVersion: current_version,
      scheduledId: scheduled_id,
    },
  );
  if (result.ok) return redirectWithFlash(result.redirect, { kind: 'success', text: result.text });
  return data(
    {
      values: result.values,
      errors: result.errors,
      formError: result.formError,
      confirm: result.confirm,
      // The version the form was opened with stays in the form: a refused form saved again with the plain
      // button is refused again; only «Сохранить мои изменения поверх» saves over a colleague's edit.
      baseVersion: version,
      conflictVersion: result.conflictVersion,
      images: await imagePreviews(db, section, result.values),
      pendingImages: await pendingPreviews(db, section, result.values),
    },
    { status: result.status },
  );
}

export default function SectionEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { id, label, options } = loaderData;
  // After a refused save the form keeps the version it was first opened with, not the one the page reloaded.
  const version = actionData && loaderData.version !== null ? (actionData.baseVersion ?? null) : loaderData.version;
  const section = sectionByKey(loaderData.sectionKey)!;
  const values = actionData?.values ?? loaderData.values;
  const images = actionData?.images ?? loaderData.images;
  const heading = section.singleton
    ? section.title
    : id === null
      ? section.newLabel
      : `Изменить «${label || `#${id}`}»`;
  return (
    <section className="admin-section">
      {section.group ? <SectionTabs group={section.group} current={section.key} /> : null}
      {section.singleton ? null : (
        <p>
          <Link
            to={section.listView === 'week' ? sectionHome(section, values) : `/admin/${section.key}`}
            className="admin-link"
          >
            ← {section.title}
          </Link>
        </p>
      )}
      <Heading level={1}>{heading}</Heading>
      {id === null ? null : (
        <p>
          <Link to={`${recordPath(section, id)}/history`} className="admin-link">
            История
          </Link>
          <span className="admin-muted"> — прежние версии записи</span>
        </p>
      )}
      {section.publicPath && id !== null ? (
        <p>
          {/* A new tab: the form keeps what is typed; the public page shows what is saved, a draft with a banner. */}
          <a
            href={section.publicPath.replaceAll('{id}', String(id))}
            target="_blank"
            rel="noopener"
            className="admin-link"
          >
            Предпросмотр (сохранённая версия, в новой вкладке)
          </a>
        </p>
      ) : null}
      {loaderData.scheduledId !== null ? (
        <p className="admin-schedule-note" role="note">
          Вы меняете запланированную версию: до времени «Опубликовать с» на сайте остаётся текущая.
        </p>
      ) : null}
      {loaderData.schedule?.pending.length ? (
        <div className="admin-schedule-note" role="note">
          <p>Запланировано для этой записи:</p>
          <ul>
            {loaderData.schedule.pending.map((change) => (
              <li key={change.id}>
                {SCHEDULED_ACTION_LABELS[change.action]} —{' '}
                <StaffTime value={change.dueAt} zone={loaderData.schedule!.zone} />{' '}
                <Link to={`/admin/scheduled/${change.id}`} className="admin-link">
                  Открыть
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <EntityForm
        // A new key after each server answer re-applies the returned values to the uncontrolled inputs.
        key={actionData ? JSON.stringify(actionData.values) : 'loaded'}
        fields={section.fields}
        values={values}
        errors={actionData?.errors ?? {}}
        options={options}
        images={images}
        pendingImages={actionData?.pendingImages}
        version={version}
        isNew={id === null}
        formError={actionData?.formError}
        conflictVersion={actionData?.conflictVersion}
        confirm={actionData?.confirm}
        scheduleZone={loaderData.schedule?.zone ?? null}
        scheduledId={loaderData.scheduledId}
        readOnly={loaderData.readOnly}
      />
    </section>
  );
}
