/**
 * What a content section is made of: the fields of its form and the columns of its list, described as data and
 * typed against the database (`Table` is a key of `DB`), so a misspelt column does not compile. The shared form
 * (components/admin/EntityForm.tsx), the form reader (services/admin-form.server.ts), the list
 * (routes/admin/content/list.tsx) and the SQL (models/admin/content.server.ts) act on the declared kinds only.
 */
import { WEEKDAY_NAMES } from '#app/lib/schedule.ts';
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

interface FieldBase<Name extends string> {
  name: Name;
  label: string;
  required?: boolean;
  hint?: string;
}

/** A many-to-many link kept in a join table (`self` points at the section's row, `other` at the chosen one). */
type JoinOf<J extends keyof DB> = J extends keyof DB ? { table: J; self: Column<J>; other: Column<J> } : never;
export type JoinTable = 'coach_trends' | 'coach_gyms' | 'card_gyms' | 'promo_gyms';
export type JoinDef = JoinOf<JoinTable>;

/**
 * The kinds a field can have (`Name`: the column names a field may take; `string` for any section). Behaviour that differs between fields comes from here, never from a field's name:
 * `weekday` is an ISO weekday (1 = Monday), `timeZone` an IANA zone, `choice` one of fixed values, `reference` the
 * id of a row of another table and `references` several ids through a join table.
 */
export type FieldDef<Name extends string = string> =
  | (FieldBase<Name> & { kind: 'text'; maxLength?: number; multiline?: boolean })
  | (FieldBase<Name> & { kind: 'phone'; maxLength: number })
  | (FieldBase<Name> & { kind: 'url'; maxLength: number })
  | (FieldBase<Name> & { kind: 'integer'; min?: number; max?: number; default?: number })
  | (FieldBase<Name> & { kind: 'decimal'; min: number; max: number; step: string })
  | (FieldBase<Name> & { kind: 'checkbox'; default?: boolean })
  | (FieldBase<Name> & { kind: 'date' })
  | (FieldBase<Name> & { kind: 'time' })
  | (FieldBase<Name> & { kind: 'weekday' })
  | (FieldBase<Name> & { kind: 'timeZone' })
  | (FieldBase<Name> & { kind: 'choice'; options: readonly Choice[]; default?: string })
  | (FieldBase<Name> & { kind: 'reference'; source: OptionSource })
  | (FieldBase<string> & { kind: 'references'; source: OptionSource; join: JoinDef })
  | (FieldBase<Name> & { kind: 'lines'; maxItems: number })
  | (FieldBase<Name> & {
      kind: 'image';
      multipleOnCreate?: boolean;
      /**
       * A column of the record that is the picture's description (the gallery's `alt`): the form then asks no
       * description of its own beside the picture (docs/product/images.md).
       */
      describedBy?: Name;
    });

/** How a list column shows its value. `reference` and `choice` show the label of the field of the same name. */
export type ColumnFormat =
  | 'text'
  | 'boolean'
  | 'date'
  | 'day'
  | 'price'
  | 'image'
  | 'reference'
  | 'choice'
  | 'weekday'
  | 'time'
  | 'period';

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
export type FormValues = Record<string, string | string[] | boolean>;
export type FieldErrors = Record<string, string>;
export type Options = Partial<Record<OptionSource, Option[]>>;

export interface ImagePreview {
  id: number;
  key: string;
  width: number;
  height: number;
  placeholder: string;
  focalX?: number;
  focalY?: number;
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

/** IANA zone names are short; a longer value is not one. */
export const MAX_TIME_ZONE_LENGTH = 64;

export const WEEKDAY_OPTIONS: readonly Option[] = WEEKDAY_NAMES.map((label, i) => ({ value: String(i + 1), label }));

/** The choices a select offers: fixed ones, the weekdays, or the rows of its source. */
export function fieldChoices(field: FieldDef, options: Options): readonly Option[] {
  switch (field.kind) {
    case 'choice':
      return field.options;
    case 'weekday':
      return WEEKDAY_OPTIONS;
    case 'reference':
    case 'references':
      return options[field.source] ?? [];
    default:
      return [];
  }
}
