/** A time of day, `HH:MM` (the database's seconds are not shown). */
import { defineKind, type FieldBase, isEmpty, nullable } from '#app/admin/kinds/kind.ts';

export type TimeField<Name extends string = string> = FieldBase<Name> & { kind: 'time' };

export const time = defineKind<TimeField>({
  column: 'time',
  parse(field, text, _input, { fail }) {
    if (isEmpty(field, text, fail, 'Укажите время')) return null;
    if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(text)) fail('Время в формате ЧЧ:ММ');
    return text.slice(0, 5);
  },
  toForm: (_field, value) => (typeof value === 'string' ? value.slice(0, 5) : ''),
  control: () => ({ element: 'input', type: 'time' }),
  cell: { text: (_field, value) => String(value).slice(0, 5), names: true },
  revisionValue: (_field, value) => nullable(value, (time) => String(time).slice(0, 5)),
});
