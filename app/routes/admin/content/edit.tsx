import { data, Link } from 'react-router';
import { z } from 'zod';
import type { FieldErrors, FormValues, ImagePreview } from '#app/admin/fields.ts';
import { adminTitle } from '#app/admin/nav.ts';
import { SCHEDULED_ACTION_LABELS } from '#app/admin/scheduling.ts';
import type { AnySection } from '#app/admin/section.ts';
import { recordPath, sectionByKey, sectionOfRoute } from '#app/admin/sections.ts';
import { EntityForm } from '#app/components/admin/EntityForm.tsx';
import { SectionTabs } from '#app/components/admin/SectionTabs.tsx';
import { StaffTime } from '#app/components/admin/StaffTime.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { visitorChannelsOf } from '#app/infra/env.server.ts';
import { redirectWithFlash } from '#app/infra/flash.server.ts';
import { formOptionalId, parseFormData, readForm } from '#app/infra/form.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb, getServices } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { staffTimeText } from '#app/lib/staff-time.ts';
import {
  createRow,
  getRow,
  loadOptions,
  optionSources,
  recordTitle,
  singletonId,
  updateRow,
} from '#app/models/admin/content.server.ts';
import { getImages } from '#app/models/image.server.ts';
import { pruneRecordRevisions } from '#app/models/revision.server.ts';
import {
  getScheduledChange,
  pendingChangesOf,
  scheduleChange,
  updateScheduledChange,
} from '#app/models/scheduled-change.server.ts';
import { canWriteSection, checkValuesScope, sectionRecordAccess, visibilityOf } from '#app/services/access.server.ts';
import {
  CONTENT_FORM_MAX_BYTES,
  CONTENT_MULTI_FORM_MAX_BYTES,
  constraintMessage,
  defaultFormValues,
  parseValues,
  pendingName,
  processImages,
  rawValues,
  rowToFormValues,
} from '#app/services/admin-form.server.ts';
import { getStaff } from '#app/services/auth.server.ts';
import {
  checkImagesDescribed,
  imageDetailValues,
  readImageDetails,
  saveImageDetails,
} from '#app/services/image-details.server.ts';
import { recordZone } from '#app/services/revisions.server.ts';
import {
  localMomentValue,
  readScheduleFields,
  type ScheduleFields,
  schedulerClock,
} from '#app/services/scheduled-changes.server.ts';
import { changeConfirmation, checkChangeWeekday } from '#app/services/session-change.server.ts';
import { getStaffClock } from '#app/services/staff-clock.server.ts';
import type { Database } from '#db/index.ts';
import type { Route } from './+types/edit';

const CONFLICT_MESSAGE =
  'Пока вы редактировали, эту запись сохранил другой сотрудник. Ваши изменения не сохранены, они остались в форме: ' +
  'сравните их с актуальной версией и решите, что оставить.';

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
    if (given && (field.kind === 'reference' || field.kind === 'weekday') && parseId(given) !== null) {
      values[field.name] = given;
    }
  }
  return values;
}

/** Where a saved record goes back to: its list, or its gym's week for weekly slots. */
function backTo(section: AnySection, values: Record<string, unknown>): string {
  const gym = section.listView === 'week' ? parseId(String(values.gym_id ?? '')) : null;
  return `/admin/${section.key}${gym !== null ? `?gym_id=${gym}` : ''}`;
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

/** A pending scheduled version of this record, when the address asks for one (`?scheduled=<id>`). */
async function scheduledVersion(db: Database, section: AnySection, recordId: number, changeId: number | null) {
  if (changeId === null) return null;
  const change = await getScheduledChange(db, changeId);
  if (
    !change ||
    change.section !== section.key ||
    change.record_id !== recordId ||
    change.action !== 'update' ||
    change.applied_at !== null ||
    change.cancelled_at !== null
  ) {
    return null;
  }
  const data = (typeof change.data === 'string' ? JSON.parse(change.data) : change.data) as Record<string, unknown>;
  return { id: change.id, data, dueAt: change.due_at };
}

/** Sections whose records can be published or taken down at a moment (docs/product/scheduling.md). */
function schedulable(section: AnySection): boolean {
  return section.publishable && !section.singleton;
}

/** The zone «Опубликовать с» is read in: the record's gym's, else the network's. */
async function scheduleZone(
  db: Database,
  section: AnySection,
  id: number | null,
  values: Record<string, unknown>,
  network: string,
): Promise<string> {
  return (await recordZone(db, section, id ?? 0, values)) ?? network;
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
  const staff = getStaff(context);
  const id = await recordId(db, section, params.id, url.pathname);
  const isNew = id === null;
  const multi = isNew && section.fields.some((field) => field.kind === 'image' && field.multipleOnCreate);
  const form = await readForm(request, multi ? CONTENT_MULTI_FORM_MAX_BYTES : CONTENT_FORM_MAX_BYTES);
  const meta = parseFormData(form, saveFields);
  const { intent, version, current_version, scheduled_id } = meta.success
    ? meta.data
    : { intent: 'save', version: null, current_version: null, scheduled_id: null };

  const raw = rawValues(section.fields, form);
  const options = await loadOptions(db, optionSources(section), visibilityOf(staff));
  const { values, errors } = parseValues(section, raw, options);
  // A manager's record stays in their gyms (docs/product/roles.md).
  await checkValuesScope(db, staff, section, values, id, errors);
  await checkChangeWeekday(db, section, values, errors);
  const extraImages = await processImages(db, services.storage, section, form, values, raw, errors, multi);
  const imageDetails = readImageDetails(section, form, raw, errors);
  const clock = getStaffClock(context);
  const zone = schedulable(section) ? await scheduleZone(db, section, id, values, clock.network) : clock.network;
  const schedule: ScheduleFields = schedulable(section)
    ? readScheduleFields(form, zone, schedulerClock(services.env.TEST_CLOCK_FILE)(), raw, errors)
    : { publishAt: null, unpublishAt: null };
  // A picture is checked as published when the record is to be published later too.
  checkImagesDescribed(
    section,
    { ...values, published: values.published === true || schedule.publishAt !== null },
    imageDetails,
    errors,
  );

  const failure = async (
    status: number,
    fieldErrors: FieldErrors,
    formError: string | null,
    conflictVersion?: number,
    confirm: string | null = null,
  ) =>
    data(
      {
        values: raw,
        errors: fieldErrors,
        formError,
        confirm,
        // The version the form was opened with stays in the form: a refused form saved again with the plain
        // button is refused again; only «Сохранить мои изменения поверх» saves over a colleague's edit.
        baseVersion: version,
        conflictVersion: conflictVersion ?? (intent === 'overwrite' ? current_version : null),
        images: await imagePreviews(db, section, raw),
        pendingImages: await pendingPreviews(db, section, raw),
      },
      { status },
    );

  if (Object.keys(errors).length > 0) return failure(400, errors, null);
  // A change that tells booked visitors is saved only once staff have seen who will get a message.
  if (intent !== 'notify') {
    const confirm = await changeConfirmation(db, section, isNew ? null : await getRow(db, section, id), values);
    if (confirm) return failure(200, {}, null, undefined, confirm);
  }
  const effects = { visitorChannels: visitorChannelsOf(services.env) };
  const when = (moment: Date) => staffTimeText(moment, zone, clock.viewer);
  let label = String(values[section.labelColumn] ?? '');

  // A new version of a published record from a moment on: kept aside, the site keeps the current one until then.
  if (schedule.publishAt && !isNew) {
    const current = await getRow(db, section, id);
    if (!current) notFound('Запись уже удалена');
    if (current.published === true) {
      if (section.versioned && Number(current.version) !== (intent === 'overwrite' ? current_version : version)) {
        return failure(409, {}, CONFLICT_MESSAGE, Number(current.version));
      }
      const title = (section.composedLabel ? await recordTitle(db, section, id) : null) ?? label;
      await saveImageDetails(db, section, values, imageDetails, []);
      const editing = await scheduledVersion(db, section, id, scheduled_id);
      if (scheduled_id !== null) {
        if (!editing) return failure(409, {}, 'Эта запланированная версия уже применена или отменена');
        await updateScheduledChange(db, editing.id, {
          dueAt: schedule.publishAt,
          data: { ...values, published: true },
          staffUserId: staff.id,
          entity: section.entity,
        });
        return redirectWithFlash(`/admin/scheduled/${editing.id}`, {
          kind: 'success',
          text: `Запланированная версия «${title}» изменена: применится ${when(schedule.publishAt)}`,
        });
      }
      await scheduleChange(db, {
        section: section.key,
        entity: section.entity,
        recordId: id,
        action: 'update',
        data: { ...values, published: true },
        dueAt: schedule.publishAt,
        title,
        staffUserId: staff.id,
      });
      if (schedule.unpublishAt) await scheduleUnpublish(id, title, schedule.unpublishAt);
      return redirectWithFlash(backTo(section, values), {
        kind: 'success',
        text: `Изменения «${title}» запланированы на ${when(schedule.publishAt)}; до этого на сайте текущая версия`,
      });
    }
  }
  // A record published later is saved now, unpublished, and its publication kept for the moment.
  if (schedule.publishAt) values.published = false;

  async function scheduleUnpublish(recordId: number, title: string, at: Date) {
    await scheduleChange(db, {
      section: section.key,
      entity: section.entity,
      recordId,
      action: 'unpublish',
      data: null,
      dueAt: at,
      title,
      staffUserId: staff.id,
    });
  }

  const imageField = section.fields.find((field) => field.kind === 'image' && field.multipleOnCreate);
  const savedIds: number[] = [];
  try {
    if (isNew) {
      const newId = await createRow(db, section, values, staff.id, undefined, effects);
      savedIds.push(newId);
      if (section.composedLabel) label = (await recordTitle(db, section, newId)) ?? label;
      for (const imageId of extraImages) {
        savedIds.push(await createRow(db, section, { ...values, [imageField!.name]: imageId }, staff.id));
      }
      if (extraImages.length) label = `${label} (${extraImages.length + 1} шт.)`;
      await saveImageDetails(db, section, values, imageDetails, extraImages);
    } else {
      const expected = section.versioned ? (intent === 'overwrite' ? current_version : version) : null;
      const result = await updateRow(db, section, id, expected, values, staff.id, 'update', effects);
      if (!result.ok && result.reason === 'missing') notFound('Запись уже удалена');
      if (!result.ok) return failure(409, {}, CONFLICT_MESSAGE, result.currentVersion);
      savedIds.push(id);
      await saveImageDetails(db, section, values, imageDetails, []);
      await pruneRecordRevisions(db, section.key, id, new Date(), services.env.REVISIONS_KEEP_DAYS);
      if (section.composedLabel) label = (await recordTitle(db, section, id)) ?? label;
    }
  } catch (error) {
    const message = constraintMessage(error);
    if (!message) throw error;
    return failure(400, {}, message);
  }
  const planned: string[] = [];
  for (const recordId of savedIds) {
    const title = (section.composedLabel ? await recordTitle(db, section, recordId) : null) ?? label;
    if (schedule.publishAt) {
      await scheduleChange(db, {
        section: section.key,
        entity: section.entity,
        recordId,
        action: 'publish',
        data: null,
        dueAt: schedule.publishAt,
        title,
        staffUserId: staff.id,
      });
    }
    if (schedule.unpublishAt) await scheduleUnpublish(recordId, title, schedule.unpublishAt);
  }
  if (schedule.publishAt) planned.push(`публикация ${when(schedule.publishAt)}`);
  if (schedule.unpublishAt) planned.push(`снятие с публикации ${when(schedule.unpublishAt)}`);
  const text = `Сохранено: «${label}»${planned.length ? `. Запланировано: ${planned.join(', ')}` : ''}`;
  return redirectWithFlash(backTo(section, values), { kind: 'success', text });
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
            to={section.listView === 'week' ? backTo(section, values) : `/admin/${section.key}`}
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
