import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';

/**
 * One place for Russian formatting: dates through Intl with ru-RU, prices as `2 990 ₽`. Whole numbers and their
 * plural forms are written here without Intl, exactly as Intl's ru-RU writes them (tests/unit/format-plural.test.ts
 * compares the two): the first Intl object of a page loads the locale's data, tens of milliseconds on a slow phone,
 * which a public page's hydration would otherwise spend on its price cards
 * (docs/decisions/0056-browser-code-in-short-tasks.md). Anything else (fractions, huge numbers) goes to Intl, made
 * on first use.
 */
const numberFormats = new Map<number, Intl.NumberFormat>();
let pluralRules: Intl.PluralRules | null = null;
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

/**
 * A number as ru-RU writes it with at most `maximumFractionDigits` decimals: `1234567` → `1 234 567` (no-break
 * spaces between groups of three digits, as Intl writes them), `1.5` → `1,5`.
 */
function formatNumber(value: number, maximumFractionDigits: number): string {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
    return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
  }
  let format = numberFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', { maximumFractionDigits });
    numberFormats.set(maximumFractionDigits, format);
  }
  return format.format(value);
}

/** `2990` → `2 990 ₽` (with no-break spaces, as Intl writes it). */
export function formatPrice(rubles: number): string {
  return `${formatNumber(rubles, 0)}\u00a0₽`;
}

const MONTHS_OF_A_DATE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

/**
 * A calendar date `YYYY-MM-DD` as its day and month: `2026-11-28` → `28 ноября`, as Intl's ru-RU writes them, without
 * Intl (the session lists hydrate with it: docs/decisions/0056-browser-code-in-short-tasks.md).
 */
export function dayAndMonth(date: string): string {
  return `${Number(date.slice(8, 10))} ${MONTHS_OF_A_DATE[Number(date.slice(5, 7)) - 1]}`;
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

/** Russian's plural category of a count, as `Intl.PluralRules('ru')` gives it (whole numbers without Intl). */
function pluralCategory(count: number): Intl.LDMLPluralRule {
  if (!Number.isSafeInteger(count)) {
    pluralRules ??= new Intl.PluralRules('ru');
    return pluralRules.select(count);
  }
  const units = Math.abs(count) % 10;
  const tens = Math.abs(count) % 100;
  if (units === 1 && tens !== 11) return 'one';
  if (units >= 2 && units <= 4 && (tens < 12 || tens > 14)) return 'few';
  return 'many';
}

/**
 * The form of a word for a count, by Russian's plural rule (`Intl.PluralRules('ru')`) — the one plural rule of the
 * product: plural(5, ['тренер', 'тренера', 'тренеров']) → 'тренеров', 21 → 'тренер', 22 → 'тренера', 111 →
 * 'тренеров'. A fraction takes the 2–4 form (1,5 часа).
 */
export function plural(count: number, forms: PluralForms): string {
  const rule = pluralCategory(count);
  return rule === 'one' ? forms[0] : rule === 'few' || rule === 'other' ? forms[1] : forms[2];
}

/** A count with its word, as every page shows counts: countOf(5, ['заявка', 'заявки', 'заявок']) → '5 заявок'. */
export function countOf(count: number, forms: PluralForms): string {
  return `${formatNumber(count, 2)} ${plural(count, forms)}`;
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
