/** A whole number within bounds; spaces between digits are allowed («1 500»). */
import { defineKind, type FieldBase, isEmpty, nullable } from '#app/admin/kinds/kind.ts';

export type IntegerField<Name extends string = string> = FieldBase<Name> & {
  kind: 'integer';
  min?: number;
  max?: number;
  /** Taken when the field is left empty (a gym's booking rules), instead of failing or storing null. */
  default?: number;
};

export const integer = defineKind<IntegerField>({
  column: 'integer',
  parse(field, text, _input, { fail }) {
    if (field.default !== undefined && text === '') return field.default;
    if (isEmpty(field, text, fail)) return null;
    const digits = text.replace(/\s/g, '');
    if (!/^-?\d+$/.test(digits)) fail('Введите целое число');
    const number = Number(digits);
    if (field.min !== undefined && number < field.min) fail(`Не меньше ${field.min}`);
    if (field.max !== undefined && number > field.max) fail(`Не больше ${field.max}`);
    return number;
  },
  initial: (field) => (field.default === undefined ? '' : String(field.default)),
  control: () => ({ element: 'input', type: 'text', inputMode: 'numeric' }),
  cell: { text: (_field, value) => String(value), names: true },
  revisionValue: (_field, value) => nullable(value, Number),
});
