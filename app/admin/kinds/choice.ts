/** One of fixed values; `short` is what the list shows when the full label is long. */
import type { Choice } from '#app/admin/fields.ts';
import { choiceLabel, chosen, defineKind, type FieldBase, nullable } from '#app/admin/kinds/kind.ts';

export type ChoiceField<Name extends string = string> = FieldBase<Name> & {
  kind: 'choice';
  options: readonly Choice[];
  default?: string;
};

export const choice = defineKind<ChoiceField>({
  column: 'text',
  parse: (field, text, _input, { fail }) => chosen(field, text, field.options, fail),
  initial: (field) => field.default ?? '',
  choices: (field) => field.options,
  control: () => ({ element: 'select' }),
  cell: {
    text: (field, value) =>
      choiceLabel(
        field.options.map((option) => ({ value: option.value, label: option.short ?? option.label })),
        value,
        `#${value}`,
      ),
    names: false,
  },
  revisionValue: (_field, value) => nullable(value, String),
  revisionText: (field, value) =>
    value === null ? '—' : choiceLabel(field.options, value, `удалённая запись №${value}`),
});
