/** An IANA time zone (`Asia/Yekaterinburg`), typed by name with the Russian zones suggested. */
import { checkLength, defineKind, type FieldBase, isEmpty } from '#app/admin/kinds/kind.ts';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { isTimeZone, russianTimeZones } from '#app/lib/staff-time.ts';

export type TimeZoneField<Name extends string = string> = FieldBase<Name> & { kind: 'timeZone' };

/** IANA zone names are short; a longer value is not one. */
export const MAX_TIME_ZONE_LENGTH = 64;

export const timeZone = defineKind<TimeZoneField>({
  column: 'text',
  parse(field, text, _input, { fail }) {
    if (isEmpty(field, text, fail)) return '';
    checkLength(text, MAX_TIME_ZONE_LENGTH, fail);
    if (!isTimeZone(text)) fail(`Неизвестный часовой пояс: укажите его как ${DEFAULT_TIME_ZONE}`);
    return text;
  },
  initial: () => DEFAULT_TIME_ZONE,
  // The suggestions say in Russian which city and offset each zone is.
  control: () => ({ element: 'input', type: 'text', maxLength: MAX_TIME_ZONE_LENGTH, suggestions: russianTimeZones() }),
  cell: { text: (_field, value) => String(value), names: true },
  revisionValue: (_field, value) => (value === null || value === undefined ? '' : String(value)),
});
