/**
 * Saving, deleting and restoring a content record (docs/revisions.md, docs/product/scheduling.md): the one workflow
 * the staff pages call. A save reads and checks the form (services/admin-form.server.ts), stores its pictures, then
 * writes the record — every record of a multi-picture create —, its version, its audit entry, its scheduled
 * publication, the pruning of its old versions and the notice to the site's caches in one transaction: a failure
 * anywhere leaves nothing of it saved. Routes map the result to their answer.
 */
import type { FieldErrors, FormValues } from '#app/admin/fields.ts';
import { DEFAULT_REVISIONS_KEEP_DAYS, DELETED_KEEP_DAYS, POSITION_KEY } from '#app/admin/revisions.ts';
import type { AnySection } from '#app/admin/section.ts';
import { sectionHome } from '#app/admin/sections.ts';
import type { StaffIdentity } from '#app/auth/staff.server.ts';
import type { Env } from '#app/infra/env.server.ts';
import { visitorChannelsOf } from '#app/infra/env.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import type { Storage } from '#app/infra/storage.server.ts';
import { type StaffClock, staffTimeText } from '#app/lib/staff-time.ts';
import {
  createRowInTransaction,
  deleteRowInTransaction,
  getRow,
  isReferenced,
  loadOptions,
  optionSources,
  recordTitle,
  updateRowInTransaction,
  type WriteEffects,
} from '#app/models/admin/content.server.ts';
import { latestRevision, pruneRecordRevisions, type Revision } from '#app/models/revision.server.ts';
import {
  cancelChangesOfRecord,
  getScheduledChange,
  type NewScheduledChange,
  scheduleChange,
  updateScheduledChangeInTransaction,
} from '#app/models/scheduled-change.server.ts';
import { checkValuesScope, visibilityOf } from '#app/services/access.server.ts';
import { constraintMessage, parseValues, processImages, rawValues } from '#app/services/admin-form.server.ts';
import { checkImagesDescribed, readImageDetails, saveImageDetails } from '#app/services/image-details.server.ts';
import { recordZone, restorableValues } from '#app/services/revisions.server.ts';
import { readScheduleFields, type ScheduleFields, schedulerClock } from '#app/services/scheduled-changes.server.ts';
import { changeConfirmation, checkChangeWeekday } from '#app/services/session-change.server.ts';
import type { Database } from '#db/index.ts';

export const CONFLICT_MESSAGE =
  'Пока вы редактировали, эту запись сохранил другой сотрудник. Ваши изменения не сохранены, они остались в форме: ' +
  'сравните их с актуальной версией и решите, что оставить.';

/** What the form sent besides the section's fields: which button, the version it was opened with, the version it edits. */
export interface SaveRequest {
  /** `notify`: «Сохранить и отправить сообщения», the confirmed save of a change that tells booked visitors. */
  intent: 'save' | 'overwrite' | 'notify';
  version: number | null;
  currentVersion: number | null;
  /** The scheduled version the form edits («Изменить новую версию»), replaced instead of scheduling another. */
  scheduledId: number | null;
}

export type SaveResult =
  | { ok: true; redirect: string; text: string }
  | {
      ok: false;
      status: number;
      /** The form as sent (with the pictures it already stored), to show again. */
      values: FormValues;
      errors: FieldErrors;
      formError: string | null;
      /** A refused stale save: the version now in the database, for «Сохранить мои изменения поверх». */
      conflictVersion: number | null;
      /** A save that tells visitors asks first: the notice. */
      confirm: string | null;
    };

/** What a save uses of the app's services: the database, the picture storage, the settings. */
export interface SaveServices {
  db: Database;
  storage: Storage;
  env: Env;
}

/** Sections whose records can be published or taken down at a moment (docs/product/scheduling.md). */
export function schedulable(section: AnySection): boolean {
  return section.publishable && !section.singleton;
}

/** The zone «Опубликовать с» is read in: the record's gym's, else the network's. */
export async function scheduleZone(
  db: Database,
  section: AnySection,
  id: number | null,
  values: Record<string, unknown>,
  network: string,
): Promise<string> {
  return (await recordZone(db, section, id ?? 0, values)) ?? network;
}

/** A pending scheduled version of a record (`?scheduled=<id>`, or the one a form edits), or null. */
export async function scheduledVersion(db: Database, section: AnySection, recordId: number, changeId: number | null) {
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

/** Thrown inside a save's transaction to undo it and answer with a refusal. */
class Refused extends Error {
  readonly status: number;
  readonly conflictVersion: number | null;
  constructor(status: number, formError: string, conflictVersion: number | null = null) {
    super(formError);
    this.status = status;
    this.conflictVersion = conflictVersion;
  }
}

/**
 * Saves a submitted form: a new record (`id` null; with several pictures chosen, one record per picture) or an edit
 * of record `id`.
 */
export async function saveRecord(
  services: SaveServices,
  staff: StaffIdentity,
  clock: StaffClock,
  section: AnySection,
  id: number | null,
  form: FormData,
  request: SaveRequest,
): Promise<SaveResult> {
  const { db } = services;
  const isNew = id === null;
  const { intent, version, currentVersion } = request;
  const multi = isNew && section.fields.some((field) => field.kind === 'image' && field.multipleOnCreate);
  const raw = rawValues(section.fields, form);
  const options = await loadOptions(db, optionSources(section), visibilityOf(staff));
  const { values, errors } = parseValues(section, raw, options);
  // A manager's record stays in their gyms (docs/product/roles.md).
  await checkValuesScope(db, staff, section, values, id, errors);
  await checkChangeWeekday(db, section, values, errors);
  const extraImages = await processImages(db, services.storage, section, form, values, raw, errors, multi);
  const imageDetails = readImageDetails(section, form, raw, errors);
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

  const refusal = (
    status: number,
    fieldErrors: FieldErrors,
    formError: string | null,
    conflictVersion?: number | null,
    confirm: string | null = null,
  ): SaveResult => ({
    ok: false,
    status,
    values: raw,
    errors: fieldErrors,
    formError,
    confirm,
    conflictVersion: conflictVersion ?? (intent === 'overwrite' ? currentVersion : null),
  });

  // A refusal thrown inside a save's transaction, or the database's own check, as the form's answer.
  const failed = (error: unknown): SaveResult => {
    if (error instanceof Refused) return refusal(error.status, {}, error.message, error.conflictVersion);
    const message = constraintMessage(error);
    if (!message) throw error;
    return refusal(400, {}, message);
  };

  if (Object.keys(errors).length > 0) return refusal(400, errors, null);
  // A change that tells booked visitors is saved only once staff have seen who will get a message.
  if (intent !== 'notify') {
    const confirm = await changeConfirmation(db, section, isNew ? null : await getRow(db, section, id), values);
    if (confirm) return refusal(200, {}, null, undefined, confirm);
  }
  const effects: WriteEffects = { visitorChannels: visitorChannelsOf(services.env) };
  const when = (moment: Date) => staffTimeText(moment, zone, clock.viewer);
  const expected = section.versioned ? (intent === 'overwrite' ? currentVersion : version) : null;
  const label = String(values[section.labelColumn] ?? '');
  const plan = (recordId: number, action: 'publish' | 'unpublish' | 'update', dueAt: Date, title: string) =>
    ({
      section: section.key,
      entity: section.entity,
      recordId,
      action,
      data: action === 'update' ? { ...values, published: true } : null,
      dueAt,
      title,
      staffUserId: staff.id,
    }) satisfies NewScheduledChange;

  // A new version of a published record from a moment on: kept aside, the site keeps the current one until then.
  if (schedule.publishAt && !isNew) {
    const current = await getRow(db, section, id);
    if (!current) notFound('Запись уже удалена');
    if (current.published === true) {
      if (section.versioned && Number(current.version) !== expected) {
        return refusal(409, {}, CONFLICT_MESSAGE, Number(current.version));
      }
      const title = (section.composedLabel ? await recordTitle(db, section, id) : null) ?? label;
      const { publishAt, unpublishAt } = schedule;
      // The pictures' details and the scheduled version in one transaction, like a save (docs/revisions.md).
      try {
        return await db.transaction().execute(async (trx): Promise<SaveResult> => {
          await saveImageDetails(trx, section, values, imageDetails, []);
          if (request.scheduledId !== null) {
            const editing = await scheduledVersion(trx, section, id, request.scheduledId);
            const edited =
              editing !== null &&
              (await updateScheduledChangeInTransaction(trx, editing.id, {
                dueAt: publishAt,
                data: { ...values, published: true },
                staffUserId: staff.id,
                entity: section.entity,
              }));
            if (!editing || !edited) throw new Refused(409, 'Эта запланированная версия уже применена или отменена');
            return {
              ok: true,
              redirect: `/admin/scheduled/${editing.id}`,
              text: `Запланированная версия «${title}» изменена: применится ${when(publishAt)}`,
            };
          }
          await scheduleChange(trx, plan(id, 'update', publishAt, title));
          if (unpublishAt) await scheduleChange(trx, plan(id, 'unpublish', unpublishAt, title));
          return {
            ok: true,
            redirect: sectionHome(section, values),
            text: `Изменения «${title}» запланированы на ${when(publishAt)}; до этого на сайте текущая версия`,
          };
        });
      } catch (error) {
        return failed(error);
      }
    }
  }
  // A record published later is saved now, unpublished, and its publication kept for the moment.
  if (schedule.publishAt) values.published = false;

  let saved: { ids: number[]; label: string };
  try {
    saved = await db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      if (isNew) {
        const imageField = section.fields.find((field) => field.kind === 'image' && field.multipleOnCreate);
        ids.push(await createRowInTransaction(trx, section, values, staff.id, undefined, effects));
        for (const imageId of extraImages) {
          ids.push(await createRowInTransaction(trx, section, { ...values, [imageField!.name]: imageId }, staff.id));
        }
        await saveImageDetails(trx, section, values, imageDetails, extraImages);
      } else {
        const result = await updateRowInTransaction(trx, section, id, expected, values, staff.id, 'update', effects);
        if (!result.ok && result.reason === 'missing') notFound('Запись уже удалена');
        if (!result.ok) throw new Refused(409, CONFLICT_MESSAGE, result.currentVersion ?? null);
        ids.push(id);
        await saveImageDetails(trx, section, values, imageDetails, []);
        await pruneRecordRevisions(trx, section.key, id, new Date(), services.env.REVISIONS_KEEP_DAYS);
      }
      const first = (section.composedLabel ? await recordTitle(trx, section, ids[0]!) : null) ?? label;
      for (const recordId of ids) {
        const title = (section.composedLabel ? await recordTitle(trx, section, recordId) : null) ?? first;
        if (schedule.publishAt) await scheduleChange(trx, plan(recordId, 'publish', schedule.publishAt, title));
        if (schedule.unpublishAt) await scheduleChange(trx, plan(recordId, 'unpublish', schedule.unpublishAt, title));
      }
      return { ids, label: ids.length > 1 ? `${first} (${ids.length} шт.)` : first };
    });
  } catch (error) {
    return failed(error);
  }
  const planned: string[] = [];
  if (schedule.publishAt) planned.push(`публикация ${when(schedule.publishAt)}`);
  if (schedule.unpublishAt) planned.push(`снятие с публикации ${when(schedule.unpublishAt)}`);
  return {
    ok: true,
    redirect: sectionHome(section, values),
    text: `Сохранено: «${saved.label}»${planned.length ? `. Запланировано: ${planned.join(', ')}` : ''}`,
  };
}

/** Deletes a record with what was scheduled for it (docs/product/scheduling.md), in one transaction. */
export async function deleteRecord(
  db: Database,
  section: AnySection,
  id: number,
  staffUserId: number,
  effects: WriteEffects,
): Promise<'deleted' | 'missing' | 'referenced'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await deleteRowInTransaction(trx, section, id, staffUserId, effects);
      if (result === 'deleted') await cancelChangesOfRecord(trx, section.key, id);
      return result;
    });
  } catch (error) {
    if (isReferenced(error)) return 'referenced';
    throw error;
  }
}

export type RestoreResult =
  | { ok: true; id: number; label: string; notes: string[] }
  | { ok: false; message: string; status: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const STALE = 'Запись изменили, пока вы смотрели на неё. Откройте сравнение заново и повторите.';
const ALREADY_BACK =
  'Эту запись уже восстановили (в другой вкладке или другой сотрудник), и её могли с тех пор изменить. ' +
  'Откройте её: если нужна эта версия, восстановите её из истории записи.';

/**
 * What the page the restore was sent from showed: the record as deleted (the «Удалённые» list, the compare page of
 * a deleted record), or the record with its version (null for a section without versions).
 */
export type ShownRecord = { deleted: true } | { deleted: false; version: number | null };

const refuse = (message: string, status = 409): RestoreResult => ({ ok: false, message, status });

/**
 * Makes a version the record's current state (docs/revisions.md): the write, its version, its audit entry and the
 * pruning of old versions in one transaction, like a save. `shown` is what the page showed: a save in between (or, for a record
 * shown as deleted, its restore — a stale tab, a second person, a replayed POST) refuses the restore instead of
 * overwriting later edits.
 */
export async function restoreRecord(
  db: Database,
  section: AnySection,
  revision: Revision,
  staffUserId: number,
  now: Date,
  shown: ShownRecord,
  /** Versions older than this are pruned after the restore, as after an edit (`REVISIONS_KEEP_DAYS`). */
  keepDays: number = DEFAULT_REVISIONS_KEEP_DAYS,
): Promise<RestoreResult> {
  const current = await getRow(db, section, revision.recordId);
  if (current && shown.deleted) return refuse(ALREADY_BACK);
  // A versioned record's page always sends the version it showed; without one we cannot tell what it showed.
  if (current && section.versioned && !shown.deleted && shown.version === null) return refuse(STALE);
  if (!current) {
    const last = await latestRevision(db, section.key, revision.recordId);
    if (last?.kind !== 'delete') {
      // Removed by the database together with the record it belonged to (a slot of a deleted training).
      return refuse('Запись удалили вместе со связанной с ней записью: её нельзя восстановить отсюда', 410);
    }
    if (now.getTime() - last.createdAt.getTime() > DELETED_KEEP_DAYS * DAY_MS) {
      return refuse('Запись удалена больше 30 дней назад: её уже нельзя восстановить', 410);
    }
  }
  const prepared = await restorableValues(db, section, revision);
  if ('error' in prepared) return refuse(prepared.error ?? '', 400);
  const { values, notes } = prepared;
  const label = String(values[section.labelColumn] ?? revision.recordId);
  try {
    return await db.transaction().execute(async (trx): Promise<RestoreResult> => {
      if (current) {
        const version = section.versioned && !shown.deleted ? shown.version : null;
        const result = await updateRowInTransaction(
          trx,
          section,
          revision.recordId,
          version,
          values,
          staffUserId,
          'restore',
        );
        if (!result.ok) return refuse(STALE);
      } else {
        // The row is gone and sequences never hand an id out twice, so the record comes back under its own id.
        const position = revision.data[POSITION_KEY];
        await createRowInTransaction(trx, section, values, staffUserId, {
          id: revision.recordId,
          position: typeof position === 'number' ? position : null,
        });
      }
      await pruneRecordRevisions(trx, section.key, revision.recordId, now, keepDays);
      return { ok: true, id: revision.recordId, label, notes };
    });
  } catch (error) {
    const message = constraintMessage(error);
    if (!message) throw error;
    return refuse(`Эту версию нельзя восстановить: ${message.charAt(0).toLowerCase()}${message.slice(1)}`, 400);
  }
}
