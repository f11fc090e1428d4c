/**
 * Checks that span several fields of a section, keyed by the section's key. Each field's own rules come from its
 * declared kind (services/admin-form.server.ts); these run afterwards and add Russian messages beside a field.
 */
import type { FieldErrors } from '#app/admin/fields.ts';
import type { DbValue, ParsedValue } from '#app/admin/kinds/kind.ts';

export type { DbValue };
export type ParsedValues = Record<string, ParsedValue>;

type Check = (values: ParsedValues, errors: FieldErrors) => void;

export const SECTION_CHECKS: Partial<Record<string, Check>> = {
  gyms(values, errors) {
    if ((values.lat === null) !== (values.lng === null) && !errors.lat && !errors.lng) {
      errors[values.lat === null ? 'lat' : 'lng'] = 'Укажите обе координаты или ни одной';
    }
  },
  cards(values, errors) {
    if (values.validity_months === null && values.validity_visits === null && !errors.validity_months) {
      errors.validity_months = 'Укажите срок в месяцах или число посещений';
    }
  },
  promos(values, errors) {
    if (
      typeof values.starts_on === 'string' &&
      typeof values.ends_on === 'string' &&
      values.ends_on < values.starts_on
    ) {
      errors.ends_on = 'Окончание не может быть раньше начала';
    }
  },
  'trainings/changes'(values, errors) {
    const changesSomething = values.coach_id !== null || values.start_time !== null || values.capacity != null;
    if (values.kind === 'changed' && !changesSomething) {
      errors.coach_id = 'Для замены укажите тренера, новое время или число мест';
    }
  },
};
