/**
 * Bringing back an earlier version of a content record, or a deleted record (docs/revisions.md). A version goes
 * through the same checks as a form: fields that no longer pass them, or references to records that are gone,
 * stop the restore with a Russian message instead of a database error. A restore is itself a new version.
 */
import { DELETED_KEEP_DAYS, POSITION_KEY } from '#app/admin/revisions.ts';
import type { AnySection } from '#app/admin/section.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { parseId } from '#app/lib/id.ts';
import {
  createRow,
  getRow,
  loadOptions,
  optionSources,
  singletonId,
  updateRow,
} from '#app/models/admin/content.server.ts';
import { gymTimeZone, recordTimeZone } from '#app/models/gym.server.ts';
import { getImages } from '#app/models/image.server.ts';
import { latestRevision, type Revision } from '#app/models/revision.server.ts';
import { constraintMessage, parseValues, rowToFormValues } from '#app/services/admin-form.server.ts';
import type { Database } from '#db/index.ts';

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

/** The version's values, checked like a submitted form, with links and pictures that no longer exist left out. */
async function restorableValues(db: Database, section: AnySection, revision: Revision) {
  const raw = rowToFormValues(section.fields, revision.data);
  const options = await loadOptions(db, optionSources(section));
  const notes: string[] = [];
  for (const field of section.fields) {
    if (field.kind === 'references') {
      const offered = new Set((options[field.source] ?? []).map((option) => option.value));
      const chosen = raw[field.name] as string[];
      const kept = chosen.filter((value) => offered.has(value));
      if (kept.length < chosen.length) notes.push(`«${field.label}»: связи с удалёнными записями не восстановлены`);
      raw[field.name] = kept;
    } else if (field.kind === 'reference' && raw[field.name] !== '') {
      const offered = (options[field.source] ?? []).some((option) => option.value === raw[field.name]);
      if (!offered) {
        return {
          error:
            `Эту версию нельзя восстановить: в поле «${field.label}» выбрана запись, которой больше нет. ` +
            'Сначала восстановите её (раздел «Удалённые») или выберите другую в форме.',
        };
      }
    } else if (field.kind === 'image') {
      const id = parseId(raw[field.name]);
      if (id !== null && (await getImages(db, [id])).length === 0) {
        raw[field.name] = '';
        notes.push(`«${field.label}»: изображение больше не хранится`);
      }
    }
  }
  const { values, errors } = parseValues(section, raw, options);
  const problem = section.fields.find((field) => errors[field.name]);
  if (problem) {
    return { error: `Эту версию нельзя восстановить: «${problem.label}» — ${errors[problem.name]}.` };
  }
  return { values, notes };
}

/**
 * Makes a version the record's current state. `shown` is what the page showed: a save in between (or, for a record
 * shown as deleted, its restore — a stale tab, a second person, a replayed POST) refuses the restore instead of
 * overwriting later edits.
 */
export async function restoreRevision(
  db: Database,
  section: AnySection,
  revision: Revision,
  staffUserId: number,
  now: Date,
  shown: ShownRecord,
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
    if (current) {
      const version = section.versioned && !shown.deleted ? shown.version : null;
      const result = await updateRow(db, section, revision.recordId, version, values, staffUserId, 'restore');
      if (!result.ok) return refuse(STALE);
      return { ok: true, id: revision.recordId, label, notes };
    }
    // The row is gone and sequences never hand an id out twice, so the record comes back under its own id.
    const position = revision.data[POSITION_KEY];
    const id = await createRow(db, section, values, staffUserId, {
      id: revision.recordId,
      position: typeof position === 'number' ? position : null,
    });
    return { ok: true, id, label, notes };
  } catch (error) {
    const message = constraintMessage(error);
    if (!message) throw error;
    return refuse(`Эту версию нельзя восстановить: ${message.charAt(0).toLowerCase()}${message.slice(1)}`, 400);
  }
}

/** The record a history page is about: the `:id` of the URL, or the one row of a singleton; 404 otherwise. */
export async function historyRecordId(
  db: Database,
  section: AnySection,
  param: string | undefined,
  path: string,
): Promise<number> {
  const id = section.singleton ? await singletonId(db, section) : parseId(param);
  if (id === null) notFound(`Запись не найдена: ${path}`);
  return id;
}

/**
 * The zone a record's versions are dated in (docs/product/staff.md, "Times"): its gym's when it has one, else null
 * (the network's). A deleted record is found through its last version: a gym by its own zone field, anything else
 * by the gym or the weekly slot that version points at.
 */
export async function recordZone(
  db: Database,
  section: AnySection,
  id: number,
  data: Record<string, unknown> | undefined,
): Promise<string | null> {
  const zone = await recordTimeZone(db, section.entity, id);
  if (zone || !data) return zone;
  for (const field of section.fields) {
    const value = data[field.name];
    if (field.kind === 'timeZone' && typeof value === 'string' && value) return value;
    const ref = field.kind === 'reference' ? parseId(String(value ?? '')) : null;
    if (ref === null || field.kind !== 'reference') continue;
    if (field.source === 'gyms') return gymTimeZone(db, ref);
    if (field.source === 'slots') return recordTimeZone(db, 'schedule_slot', ref);
  }
  return null;
}
