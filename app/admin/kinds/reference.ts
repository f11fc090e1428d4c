/** The id of a row of another table, chosen by its name (`source` says which table, models/admin/content.server.ts). */
import type { OptionSource } from '#app/admin/fields.ts';
import { choiceLabel, chosen, defineKind, type FieldBase, nullable } from '#app/admin/kinds/kind.ts';

export type ReferenceField<Name extends string = string> = FieldBase<Name> & {
  kind: 'reference';
  source: OptionSource;
};

export const reference = defineKind<ReferenceField>({
  column: 'integer',
  parse(field, text, _input, { options, fail }) {
    const id = chosen(field, text, options[field.source] ?? [], fail);
    return id === null ? null : Number(id);
  },
  choices: (field, options) => options[field.source] ?? [],
  control: () => ({ element: 'select' }),
  // An empty reference (a promo of no one gym) means every one.
  cell: {
    text: (field, value, options) => choiceLabel(options[field.source] ?? [], value, `#${value}`),
    names: false,
    empty: 'все',
  },
  revisionValue: (_field, value) => nullable(value, Number),
  revisionText: (field, value, options) =>
    value === null ? '—' : choiceLabel(options[field.source] ?? [], value, `удалённая запись №${value}`),
});
