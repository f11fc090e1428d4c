/** Yes or no. */
import { defineKind, type FieldBase } from '#app/admin/kinds/kind.ts';

export type CheckboxField<Name extends string = string> = FieldBase<Name> & { kind: 'checkbox'; default?: boolean };

export const checkbox = defineKind<CheckboxField>({
  column: 'boolean',
  parse: (_field, _text, input) => input === 'on' || input === true,
  read: (form, name) => form.get(name) === 'on',
  toForm: (_field, value) => value === true,
  initial: (field) => field.default ?? false,
  control: () => ({ element: 'checkbox' }),
  cell: { text: (_field, value) => (value ? 'Да' : 'Нет'), names: false },
  revisionValue: (_field, value) => value === true,
  revisionText: (_field, value) => (value ? 'Да' : 'Нет'),
});
