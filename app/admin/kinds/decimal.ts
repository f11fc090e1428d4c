/** A decimal number within bounds, up to six places (map coordinates); a comma is read as the point. */
import { defineKind, type FieldBase, isEmpty, nullable } from '#app/admin/kinds/kind.ts';

export type DecimalField<Name extends string = string> = FieldBase<Name> & {
  kind: 'decimal';
  min: number;
  max: number;
  step: string;
};

export const decimal = defineKind<DecimalField>({
  column: 'numeric',
  parse(field, text, _input, { fail }) {
    if (isEmpty(field, text, fail)) return null;
    const normalised = text.replace(',', '.');
    if (!/^-?\d{1,3}(\.\d{1,6})?$/.test(normalised)) {
      fail('Введите число, например 56.838011 (до 6 знаков после точки)');
    }
    const number = Number(normalised);
    if (number < field.min || number > field.max) fail(`Число от ${field.min} до ${field.max}`);
    return normalised;
  },
  // The database keeps trailing zeros (`56.838000`); the form shows the number.
  toForm: (_field, value) => (value === null || value === undefined || value === '' ? '' : String(Number(value))),
  control: () => ({ element: 'input', type: 'text', inputMode: 'decimal' }),
  cell: { text: (_field, value) => String(value), names: true },
  revisionValue: (_field, value) => nullable(value, (number) => String(Number(number))),
});
