/**
 * Versions of content records on the server (docs/revisions.md): which values of a version can come back (a version
 * goes through the same checks as a form: fields that no longer pass them, or references to records that are gone,
 * stop the restore with a Russian message instead of a database error), the record a history page is about, and
 * the zone its versions are dated in. The restore itself is `restoreRecord` (services/content-save.server.ts).
 */
import type { AnySection } from '#app/admin/section.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { parseId } from '#app/lib/id.ts';
import { loadOptions, optionSources, singletonId } from '#app/models/admin/content.server.ts';
import { gymTimeZone, recordTimeZone } from '#app/models/gym.server.ts';
import { getImages } from '#app/models/image.server.ts';
import type { Revision } from '#app/models/revision.server.ts';
import { parseValues, rowToFormValues } from '#app/services/admin-form.server.ts';
import type { Database } from '#db/index.ts';

/** The version's values, checked like a submitted form, with links and pictures that no longer exist left out. */
export async function restorableValues(db: Database, section: AnySection, revision: Revision) {
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
