/**
 * What a content section is made of: the fields of its form and the columns of its list, described as data and
 * typed against the database (`Table` is a key of `DB`), so a misspelt column does not compile. What each kind of
 * field does (reading, checking, storing, its control, its list cell, its versions) is its module in app/admin/kinds/.
 */
import { type FieldDef, kindOf } from '#app/admin/kinds/index.ts';
import type { FormValue } from '#app/admin/kinds/kind.ts';
import type { ImageRef } from '#app/lib/image-url.ts';
import type { DB } from '#db/schema.ts';

/** Where the choices of a reference field come from (one query each, models/admin/content.server.ts). */
export type OptionSource = 'gyms' | 'trends' | 'trainings' | 'coaches' | 'cards' | 'slots';

export type Column<Table extends keyof DB> = Extract<keyof DB[Table], string>;

export interface Option {
  value: string;
  label: string;
}

/** A fixed choice; `short` is what the list shows when the full label is long. */
export interface Choice extends Option {
  short?: string;
}

/** A many-to-many link kept in a join table (`self` points at the section's row, `other` at the chosen one). */
type JoinOf<J extends keyof DB> = J extends keyof DB ? { table: J; self: Column<J>; other: Column<J> } : never;
export type JoinTable = 'coach_trends' | 'coach_gyms' | 'card_gyms' | 'promo_gyms';
export type JoinDef = JoinOf<JoinTable>;

/** A field's declaration: one per kind, each kind a module of app/admin/kinds/ (ADR 50). */
export type { FieldDef } from '#app/admin/kinds/index.ts';

/**
 * How a list column shows a value that is not simply its field's (a column without a format shows its field the way
 * the field's kind does): `day` a date with its weekday, `price` roubles, `period` a dated run's state and dates.
 */
export type ColumnFormat = 'day' | 'price' | 'period';

/** A dated run shown as its state and dates (`period`): the last day's column and the words for each state. */
export interface PeriodColumn<Name extends string = string> {
  until: Name;
  words: { planned: string; running: string; ended: string };
}

export interface ListColumn<Name extends string = string> {
  column: Name;
  label: string;
  format?: ColumnFormat;
  sortable?: boolean;
  /** With `format: 'period'`: the column holds the first day, `period.until` the last. */
  period?: PeriodColumn<Name>;
}

/** A list filter: by the published flag, or by the value of a reference field. */
export type ListFilter<Name extends string = string> =
  | { kind: 'published'; label: string }
  | { kind: 'reference'; field: Name; label: string };

/** The query parameter of a list filter. */
export function filterName(filter: ListFilter): string {
  return filter.kind === 'published' ? 'published' : filter.field;
}

/** Form values as the form shows them: strings, string lists for multi-selects, booleans for checkboxes. */
export type FormValues = Record<string, FormValue>;
export type FieldErrors = Record<string, string>;
export type Options = Partial<Record<OptionSource, Option[]>>;

/** A stored picture as an image field shows it: the picture without its description, and its id. */
export interface ImagePreview extends Omit<ImageRef, 'alt' | 'decorative'> {
  id: number;
}

/**
 * The inputs beside an image field (docs/product/images.md): its focal point in percent and its description or the
 * decorative mark. They describe the picture (the `images` row), not a column of the record.
 */
export function imageDetailNames(fieldName: string) {
  return {
    focalX: `${fieldName}__focal_x`,
    focalY: `${fieldName}__focal_y`,
    alt: `${fieldName}__alt`,
    decorative: `${fieldName}__decorative`,
  };
}

/** The longest picture description. */
export const MAX_IMAGE_ALT_LENGTH = 300;

/** The choices a select offers: fixed ones, the weekdays, or the rows of its source; none for other kinds. */
export function fieldChoices(field: FieldDef, options: Options): readonly Option[] {
  return kindOf(field).choices?.(field, options) ?? [];
}
