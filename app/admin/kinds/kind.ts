/**
 * The contract of a field kind (ADR 50): everything a content form, its list, its SQL and its history need to know
 * about one kind of field, in one module under app/admin/kinds/, registered in `KINDS` (index.ts). Browser-safe like
 * the rest of app/admin: a kind imports only `lib` and these types; the server's form reader, the SQL, the form and
 * the list act on a field through its kind and never test `field.kind` themselves. The one exception is the image
 * kind's upload (services/admin-form.server.ts), which stores files and so cannot run in the browser.
 */
import type { Option, Options } from '#app/admin/fields.ts';

/** What one field of a form sends: text, a list of chosen values, or a checkbox's state. */
export type FormValue = string | string[] | boolean;
/** A field's value as the database takes it; a `references` field gives the chosen ids. */
export type DbValue = string | number | boolean | null;
export type ParsedValue = DbValue | number[];

export const REQUIRED = 'Заполните поле';

export interface FieldBase<Name extends string> {
  name: Name;
  label: string;
  required?: boolean;
  hint?: string;
}

/** Stops the field's checks with a Russian message shown beside it. */
export type Fail = (message: string) => never;

/** What parsing a field may consult: the choices of the form's selects, and how to fail. */
export interface ParseContext {
  options: Options;
  fail: Fail;
}

/**
 * How the form shows the field, described rather than drawn (components/admin/EntityForm.tsx draws each control):
 * a one-line input of an HTML type, a text area, a select of the kind's choices, one checkbox, a checkbox per
 * choice, or a picture upload.
 */
export type Control =
  | {
      element: 'input';
      type: 'text' | 'tel' | 'url' | 'email' | 'date' | 'time';
      inputMode?: 'numeric' | 'decimal' | 'email';
      maxLength?: number;
      autoComplete?: string;
      /** Values the browser suggests as the user types (a `datalist`), with a label for each. */
      suggestions?: readonly Option[];
    }
  | { element: 'textarea'; rows: number; maxLength?: number }
  | { element: 'select' }
  | { element: 'checkbox' }
  | { element: 'checkboxes' }
  | { element: 'image' };

/**
 * How a list column of the field shows its value (routes/admin/content/list.tsx through
 * components/admin/ListCell.tsx): as text, or as the record's picture.
 */
export type CellDef<F> =
  | {
      text: (field: F, value: unknown, options: Options) => string;
      /** The cell may carry the link to the record (the first such column does): it reads as the record's name. */
      names: boolean;
      /** What an empty cell says (muted), when it means something (a reference left empty: «все»). */
      empty?: string;
    }
  | 'picture';

/**
 * One kind of field. `F` is its declaration (`FieldBase` and the kind's own settings); every function gets it, so a
 * kind's behaviour depends on its settings, never on a field's name.
 */
export interface FieldKind<F> {
  /** The SQL type of the column the field is stored in (a migration adding such a field uses it); null: no column. */
  column: 'text' | 'integer' | 'numeric' | 'boolean' | 'date' | 'time' | 'jsonb' | null;
  /**
   * Parse and validate a submitted value: `text` is the value trimmed ('' when it is not text), `input` what the form
   * sent as it is. Returns the database value or calls `context.fail` with a Russian message.
   */
  parse(field: F, text: string, input: unknown, context: ParseContext): ParsedValue;
  /** What the submitted form holds for the field, as the form shows it again after an error (default: the text). */
  read?(form: FormData, name: string): FormValue;
  /** A stored or parsed value as the form shows it (default: '' for none, else the text). */
  toForm?(field: F, value: unknown): FormValue;
  /** A new record's form value (default ''). */
  initial?(field: F): FormValue;
  /** The value written to the column (default: as parsed). */
  toColumn?(value: ParsedValue): unknown;
  /** The choices a select or a set of checkboxes offers. */
  choices?(field: F, options: Options): readonly Option[];
  /** The form's control. */
  control(field: F): Control;
  /** The list's cell. */
  cell: CellDef<F>;
  /** A version's value (docs/revisions.md): normalised, so two versions compare equal exactly when the form shows the same. */
  revisionValue(field: F, value: unknown): unknown;
  /** How history and compare pages write a version's (normalised) value (default: the value, or «—»). */
  revisionText?(field: F, value: unknown, options: Options): string;
}

/** Declares a kind, typed against its field declaration. */
export function defineKind<F>(kind: FieldKind<F>): FieldKind<F> {
  return kind;
}

/** True when an optional field is left empty; a required one fails with `message`. */
export function isEmpty(field: FieldBase<string>, text: string, fail: Fail, message = REQUIRED): boolean {
  if (text !== '') return false;
  if (field.required) fail(message);
  return true;
}

/** `null` for an absent value, else `convert(value)`: how most kinds keep a version. */
export function nullable<T>(value: unknown, convert: (value: unknown) => T): T | null {
  return value === null || value === undefined || value === '' ? null : convert(value);
}

/** A version's text of a value that may be absent. */
export function orDash(value: unknown): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** Fails unless the text is at most `max` characters. */
export function checkLength(text: string, max: number | undefined, fail: Fail) {
  if (max && text.length > max) fail(`Не длиннее ${max} символов`);
}

const CHOOSE = 'Выберите значение';
const NOT_OFFERED = 'Выберите значение из списка';

/** A select's value: one of `choices`, or null when the optional field is left empty. */
export function chosen(field: FieldBase<string>, text: string, choices: readonly Option[], fail: Fail): string | null {
  if (isEmpty(field, text, fail, CHOOSE)) return null;
  if (!choices.some((choice) => choice.value === text)) fail(NOT_OFFERED);
  return text;
}

/** The label of a chosen value, for a list cell or a version (a value no longer offered: a deleted record). */
export function choiceLabel(choices: readonly Option[], value: unknown, missing: string): string {
  return choices.find((option) => option.value === String(value))?.label ?? missing;
}
