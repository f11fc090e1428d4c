/** An ISO weekday, 1 = Monday, chosen by its Russian name. */
import type { Option } from '#app/admin/fields.ts';
import { chosen, defineKind, type FieldBase, nullable } from '#app/admin/kinds/kind.ts';
import { WEEKDAY_NAMES, WEEKDAY_SHORT } from '#app/lib/schedule.ts';

export type WeekdayField<Name extends string = string> = FieldBase<Name> & { kind: 'weekday' };

export const WEEKDAY_OPTIONS: readonly Option[] = WEEKDAY_NAMES.map((label, i) => ({ value: String(i + 1), label }));

export const weekday = defineKind<WeekdayField>({
  column: 'integer',
  parse(field, text, _input, { fail }) {
    const day = chosen(field, text, WEEKDAY_OPTIONS, fail);
    return day === null ? null : Number(day);
  },
  choices: () => WEEKDAY_OPTIONS,
  control: () => ({ element: 'select' }),
  cell: { text: (_field, value) => WEEKDAY_SHORT[Number(value) - 1] ?? '', names: true },
  revisionValue: (_field, value) => nullable(value, Number),
  revisionText: (_field, value) => (value === null ? '—' : (WEEKDAY_NAMES[Number(value) - 1] ?? String(value))),
});
