import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';

/** One place for Russian formatting: dates through Intl with ru-RU, prices as `2 990 ₽`. */
const priceFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const pluralRules = new Intl.PluralRules('ru');
const countFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
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

/** The three Russian forms of a word after a number: for 1, for 2–4, for 5 (`['заявка', 'заявки', 'заявок']`). */
export type PluralForms = readonly [one: string, few: string, many: string];

/**
 * The form of a word for a count, by `Intl.PluralRules('ru')` — the one plural rule of the product:
 * plural(5, ['тренер', 'тренера', 'тренеров']) → 'тренеров', 21 → 'тренер', 22 → 'тренера', 111 → 'тренеров'.
 * A fraction takes the 2–4 form (1,5 часа).
 */
export function plural(count: number, forms: PluralForms): string {
  const rule = pluralRules.select(count);
  return rule === 'one' ? forms[0] : rule === 'few' || rule === 'other' ? forms[1] : forms[2];
}

/** A count with its word, as every page shows counts: countOf(5, ['заявка', 'заявки', 'заявок']) → '5 заявок'. */
export function countOf(count: number, forms: PluralForms): string {
  return `${countFormat.format(count)} ${plural(count, forms)}`;
}

/** Words counted in more than one place. */
export const BIDS_FORMS: PluralForms = ['заявка', 'заявки', 'заявок'];
export const NEW_BIDS_FORMS: PluralForms = ['новая заявка', 'новые заявки', 'новых заявок'];
export const DAYS_FORMS: PluralForms = ['день', 'дня', 'дней'];

/**
 * A stored phone (E.164) as staff read it: `+79221234567` → `+7 922 123-45-67`. Other countries' numbers are
 * shown as stored.
 */
export function formatPhone(phone: string): string {
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+7 ${match[1]} ${match[2]}-${match[3]}-${match[4]}` : phone;
}

/** A time zone's offset as people write it: `Asia/Yekaterinburg` → `GMT+5` (at the given moment). */
export function timeZoneOffset(timeZone: string, at: Date | string | number = new Date()): string {
  const parts = dateTimeFormat('ru-RU', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(new Date(at));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
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
