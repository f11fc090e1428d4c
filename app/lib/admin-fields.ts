/**
 * Field descriptors of the shared admin form and list (issue 4, item 3). Plain data, so the same
 * description drives server validation (models/admin/content.server.ts) and rendering (components/admin).
 */
export type OptionSource = 'gyms' | 'trends' | 'trainings' | 'coaches' | 'cards' | 'slots';

interface FieldBase {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
}

export type FieldDef =
  | (FieldBase & { type: 'text'; maxLength?: number; multiline?: boolean; inputType?: 'text' | 'tel' | 'url' })
  | (FieldBase & { type: 'integer'; min?: number; max?: number; suffix?: string })
  | (FieldBase & { type: 'decimal'; min: number; max: number; step: string })
  | (FieldBase & { type: 'checkbox' })
  | (FieldBase & { type: 'date' })
  | (FieldBase & { type: 'time' })
  | (FieldBase & { type: 'select'; options?: ReadonlyArray<{ value: string; label: string }>; source?: OptionSource })
  | (FieldBase & { type: 'multiselect'; source: OptionSource })
  | (FieldBase & { type: 'lines'; maxItems?: number })
  | (FieldBase & { type: 'image'; multipleOnCreate?: boolean });

export interface Option {
  value: string;
  label: string;
}

export type Options = Partial<Record<OptionSource, Option[]>>;

/** Form values as the form shows them: strings, string lists for multi-selects, booleans for checkboxes. */
export type FormValues = Record<string, string | string[] | boolean>;
export type FieldErrors = Record<string, string>;

export interface ImagePreview {
  id: number;
  key: string;
  width: number;
  height: number;
  placeholder: string;
}

export interface ListColumn {
  key: string;
  label: string;
  kind?: 'text' | 'boolean' | 'date' | 'price' | 'image' | 'option';
  /** For `option`: where the id's label comes from. */
  source?: OptionSource;
  sortable?: boolean;
}

export interface ListFilter {
  name: string;
  label: string;
  /** `published` filters on the published flag; a source filters on the column of the same name. */
  kind: 'published' | 'option';
  source?: OptionSource;
  column?: string;
}

export const WEEKDAYS = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'] as const;
