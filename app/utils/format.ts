/** One place for Russian formatting (SPEC §1: dates via Intl ru-RU, prices as `2 990 ₽`). */
const priceFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** `2990` → `2 990 ₽` (with a no-break space, as Intl writes it). */
export function formatPrice(rubles: number): string {
  return `${priceFormat.format(rubles)}\u00a0₽`;
}

export function formatDate(value: Date | string, timeZone = 'Europe/Moscow'): string {
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date);
}

export function formatDateTime(value: Date | string, timeZone = 'Europe/Moscow'): string {
  return new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(value),
  );
}

/** Russian plural forms: plural(5, ['тренер', 'тренера', 'тренеров']) → 'тренеров'. */
export function plural(count: number, forms: readonly [string, string, string]): string {
  const rule = new Intl.PluralRules('ru-RU').select(count);
  return rule === 'one' ? forms[0] : rule === 'few' ? forms[1] : forms[2];
}
