/**
 * Versions of content records as the staff area shows them (docs/revisions.md): a version is the record's field
 * values, normalised by each field's kind (app/admin/kinds/) so that two versions compare equal exactly when the form would show the same.
 * Client-safe: the history and compare pages use it for their labels.
 */
import type { FieldDef, Options } from '#app/admin/fields.ts';
import { kindOf } from '#app/admin/kinds/index.ts';
import { orDash } from '#app/admin/kinds/kind.ts';
import type { AnySection } from '#app/admin/section.ts';
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

/** One field's value as a version keeps it (its kind's `revisionValue`). */
export function revisionValue(field: FieldDef, value: unknown): unknown {
  return kindOf(field).revisionValue(field, value);
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
  const kind = kindOf(field);
  const normalised = kind.revisionValue(field, value);
  return kind.revisionText ? kind.revisionText(field, normalised, options) : orDash(normalised);
}
