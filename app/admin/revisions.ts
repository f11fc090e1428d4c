/**
 * Versions of content records as the staff area shows them (docs/revisions.md): a version is the record's field
 * values, normalised per field kind so that two versions compare equal exactly when the form would show the same.
 * Client-safe: the history and compare pages use it for their labels.
 */
import { type FieldDef, fieldChoices, type Options } from '#app/admin/fields.ts';
import type { AnySection } from '#app/admin/section.ts';
import { WEEKDAY_NAMES } from '#app/lib/schedule.ts';
import type { RevisionKind } from '#db/schema.ts';

/** A record's field values in a version: strings, numbers, booleans, id lists, line lists, or null. */
export type RevisionData = Record<string, unknown>;

/** Deleted records can be restored for this long; then their versions are pruned. */
export const DELETED_KEEP_DAYS = 30;
/** What a delete does, said the same way by the confirmation page and the dialog (docs/revisions.md). */
export const DELETE_CONSEQUENCE = `Запись исчезнет с сайта. В течение ${DELETED_KEEP_DAYS} дней её можно восстановить в разделе «Удалённые».`;

/**
 * The key under which a deleted record of a hand-ordered list keeps its place (`sort_order`) in its delete version,
 * so a restore puts it back there instead of at the end. It is not a form field: comparisons never see it.
 */
export const POSITION_KEY = 'sort_order';

/** Versions older than the configured age are pruned, but never the newest this many of a record. */
export const REVISIONS_KEEP_LATEST = 20;
/** The default of `REVISIONS_KEEP_DAYS`. */
export const DEFAULT_REVISIONS_KEEP_DAYS = 180;

export const REVISION_KIND_LABELS: Record<RevisionKind, string> = {
  initial: 'Исходная версия',
  create: 'Создание',
  update: 'Изменение',
  restore: 'Восстановление',
  delete: 'Удаление',
  scheduled: 'Изменение по расписанию',
};

/**
 * Who saved a version, as the history names them. The first version of a record saved before history was kept
 * (the demo content, an import) has no author: it is said what it is instead of «сотрудник неизвестен».
 */
export function revisionAuthor(kind: RevisionKind, staffName: string | null): string {
  if (staffName) return staffName;
  return kind === 'initial' ? 'как было до первой правки в редакторе, автор не записан' : 'автор не записан';
}

function lineList(value: unknown): string[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = value.split('\n');
    }
  }
  return Array.isArray(list) ? list.map(String) : [];
}

function nullable<T>(value: unknown, convert: (value: unknown) => T): T | null {
  return value === null || value === undefined || value === '' ? null : convert(value);
}

/** One field's value as a version keeps it. */
export function revisionValue(field: FieldDef, value: unknown): unknown {
  switch (field.kind) {
    case 'checkbox':
      return value === true;
    case 'references':
      return (Array.isArray(value) ? value.map(Number) : []).sort((a, b) => a - b);
    case 'lines':
      return lineList(value);
    case 'integer':
    case 'weekday':
    case 'reference':
    case 'image':
      return nullable(value, Number);
    case 'decimal':
      return nullable(value, (number) => String(Number(number)));
    case 'time':
      return nullable(value, (time) => String(time).slice(0, 5));
    case 'date':
    case 'choice':
      return nullable(value, String);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** The version of a database row (with its link lists, as `getRow` returns it): the section's fields only. */
export function revisionData(section: AnySection, row: Record<string, unknown>): RevisionData {
  return Object.fromEntries(section.fields.map((field) => [field.name, revisionValue(field, row[field.name])]));
}

function sameValue(field: FieldDef, a: unknown, b: unknown): boolean {
  return JSON.stringify(revisionValue(field, a)) === JSON.stringify(revisionValue(field, b));
}

/** The fields whose values differ between two versions, in form order. */
export function changedFields(section: AnySection, older: RevisionData, newer: RevisionData): FieldDef[] {
  return section.fields.filter((field) => !sameValue(field, older[field.name], newer[field.name]));
}

/** How the compare page writes a value; images are shown as thumbnails instead (their id is in the data). */
export function revisionText(field: FieldDef, value: unknown, options: Options): string {
  const normalised = revisionValue(field, value);
  const choice = (id: unknown) => {
    const found = fieldChoices(field, options).find((option) => option.value === String(id));
    return found ? found.label : `удалённая запись №${id}`;
  };
  switch (field.kind) {
    case 'checkbox':
      return normalised ? 'Да' : 'Нет';
    case 'references': {
      const ids = normalised as number[];
      return ids.length ? ids.map(choice).join(', ') : '—';
    }
    case 'lines': {
      const lines = normalised as string[];
      return lines.length ? lines.join('\n') : '—';
    }
    case 'weekday':
      return normalised === null ? '—' : (WEEKDAY_NAMES[Number(normalised) - 1] ?? String(normalised));
    case 'reference':
    case 'choice':
      return normalised === null ? '—' : choice(normalised);
    default:
      return normalised === null || normalised === '' ? '—' : String(normalised);
  }
}
