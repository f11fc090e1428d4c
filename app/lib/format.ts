import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';

/** One place for Russian formatting: dates through Intl with ru-RU, prices as `2 990 ₽`. */
const priceFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const pluralRules = new Intl.PluralRules('ru-RU');
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A memoised `Intl.DateTimeFormat`: constructing one costs tens of microseconds, and a schedule page formats
 * hundreds of dates, so every caller shares the instances.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** `2990` → `2 990 ₽` (with a no-break space, as Intl writes it). */
export function formatPrice(rubles: number): string {
  return `${priceFormat.format(rubles)}\u00a0₽`;
}

export function formatDate(value: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return dateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date);
}

export function formatDateTime(value: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  return dateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value));
}

/** Russian plural forms: plural(5, ['тренер', 'тренера', 'тренеров']) → 'тренеров'. */
export function plural(count: number, forms: readonly [string, string, string]): string {
  const rule = pluralRules.select(count);
  return rule === 'one' ? forms[0] : rule === 'few' ? forms[1] : forms[2];
}

/** Russian patronymics: Олегович, Ильич, Сергеевна, Ильинична, Саввична. */
const PATRONYMIC = /(?:вич|ьич|вна|чна)$/u;

/**
 * A person's name without the patronymic, for tight spaces such as a schedule column: «Максим Олегович Лебедев» →
 * «Максим Лебедев», «Лебедев Максим Олегович» → «Лебедев Максим». Names without a patronymic stay as they are.
 */
export function nameWithoutPatronymic(fullName: string): string {
  const words = fullName.trim().split(/\s+/);
  if (words.length < 3) return fullName.trim();
  const kept = words.filter((word, index) => index === 0 || !PATRONYMIC.test(word.toLowerCase()));
  return kept.length >= 2 ? kept.join(' ') : fullName.trim();
}
