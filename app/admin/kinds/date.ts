/** A calendar day, `YYYY-MM-DD`. */
import { defineKind, type FieldBase, isEmpty, nullable } from '#app/admin/kinds/kind.ts';
import { formatDate } from '#app/lib/format.ts';
import { isIsoDate } from '#app/lib/schedule.ts';

export type DateField<Name extends string = string> = FieldBase<Name> & { kind: 'date' };

export const date = defineKind<DateField>({
  column: 'date',
  parse(field, text, _input, { fail }) {
    if (isEmpty(field, text, fail, 'Укажите дату')) return null;
    if (!isIsoDate(text)) fail('Дата в формате ГГГГ-ММ-ДД');
    return text;
  },
  control: () => ({ element: 'input', type: 'date' }),
  cell: { text: (_field, value) => (typeof value === 'string' ? formatDate(value) : ''), names: true },
  revisionValue: (_field, value) => nullable(value, String),
});
