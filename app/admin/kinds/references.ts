/**
 * Several rows of another table, kept in a join table (`join.self` points at the section's row, `join.other` at the
 * chosen one): a checkbox for each. It has no column of its own; models/admin/content.server.ts writes the links.
 */
import type { JoinDef, OptionSource } from '#app/admin/fields.ts';
import { choiceLabel, defineKind, type FieldBase } from '#app/admin/kinds/kind.ts';

export type ReferencesField = FieldBase<string> & { kind: 'references'; source: OptionSource; join: JoinDef };

export const references = defineKind<ReferencesField>({
  column: null,
  parse(field, _text, input, { options, fail }) {
    const allowed = new Set((options[field.source] ?? []).map((choice) => choice.value));
    const picked = (Array.isArray(input) ? input : []).map(String);
    if (picked.some((value) => !allowed.has(value))) fail('Выберите значения из списка');
    return [...new Set(picked.map(Number))];
  },
  read: (form, name) => form.getAll(name).map(String),
  toForm: (_field, value) => (Array.isArray(value) ? value.map(String) : []),
  initial: () => [],
  choices: (field, options) => options[field.source] ?? [],
  control: () => ({ element: 'checkboxes' }),
  cell: {
    text: (field, value, options) =>
      (Array.isArray(value) ? value : [])
        .map((id) => choiceLabel(options[field.source] ?? [], id, `#${id}`))
        .join(', '),
    names: false,
  },
  revisionValue: (_field, value) => (Array.isArray(value) ? value.map(Number) : []).sort((a, b) => a - b),
  revisionText(field, value, options) {
    const ids = value as number[];
    const label = (id: number) => choiceLabel(options[field.source] ?? [], id, `удалённая запись №${id}`);
    return ids.length ? ids.map(label).join(', ') : '—';
  },
});
