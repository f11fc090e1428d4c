import { describe, expect, it } from 'vitest';
import { bidKindText, bidTimeZone } from '#app/admin/bids.ts';
import {
  BIDS_FORMS,
  countOf,
  dayAndMonth,
  formatPhone,
  formatPrice,
  NEW_BIDS_FORMS,
  plural,
  timeZoneOffset,
} from '#app/lib/format.ts';

describe('Russian plurals (one helper for every count shown)', () => {
  it.each([
    [1, '1 заявка'],
    [2, '2 заявки'],
    [5, '5 заявок'],
    [11, '11 заявок'],
    [21, '21 заявка'],
    [22, '22 заявки'],
    [25, '25 заявок'],
    [111, '111 заявок'],
    [0, '0 заявок'],
    [12, '12 заявок'],
    [1001, '1 001 заявка'],
  ])('%i → %s', (count, text) => {
    expect(countOf(count, BIDS_FORMS).replace(/\u00a0/g, ' ')).toBe(text);
  });

  it('agrees an adjective with its noun: 1 новая заявка, 2 новые заявки, 5 новых заявок', () => {
    expect([1, 2, 5, 11, 21, 22, 25, 111].map((n) => plural(n, NEW_BIDS_FORMS))).toEqual([
      'новая заявка',
      'новые заявки',
      'новых заявок',
      'новых заявок',
      'новая заявка',
      'новые заявки',
      'новых заявок',
      'новых заявок',
    ]);
  });

  it('gives a fraction the 2–4 form', () => {
    expect(countOf(1.5, ['час', 'часа', 'часов'])).toBe('1,5 часа');
  });

  // Whole numbers are written without Intl (no locale data to load in the browser): exactly as Intl's ru-RU.
  const FORMS: readonly [string, string, string] = ['one', 'few', 'many'];
  const samples = [
    ...Array.from({ length: 30_001 }, (_, index) => index - 1_000),
    ...[99_999, 100_000, 999_999, 1_000_000, 123_456_789, -1_234_567, 2 ** 40, Number.MAX_SAFE_INTEGER, -0],
    ...[0.5, 1.5, 2.25, 2.999, 1234.5, -0.5, 2.5, 1e21, Number.MAX_SAFE_INTEGER + 2],
  ];

  it('writes whole numbers, prices and plural forms exactly as Intl ru-RU does', () => {
    const rules = new Intl.PluralRules('ru');
    const counts = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
    const prices = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
    const byRule = { one: 'one', few: 'few', many: 'many', other: 'few', zero: 'many', two: 'many' } as const;
    for (const value of samples) {
      expect(countOf(value, FORMS), String(value)).toBe(`${counts.format(value)} ${byRule[rules.select(value)]}`);
      expect(formatPrice(value), String(value)).toBe(`${prices.format(value)}\u00a0₽`);
    }
  });
});

describe('dates without Intl', () => {
  it('writes a calendar date’s day and month exactly as Intl ru-RU does, every day of five years', () => {
    const intl = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    const first = Date.UTC(2024, 0, 1, 12);
    for (let day = 0; day < 5 * 366; day++) {
      const moment = new Date(first + day * 86_400_000);
      const date = moment.toISOString().slice(0, 10);
      expect(dayAndMonth(date), date).toBe(intl.format(moment));
    }
    expect(dayAndMonth('2026-11-28')).toBe('28 ноября');
  });
});

describe('bids as staff read them', () => {
  it('writes Russian phones in groups and leaves others as stored', () => {
    expect(formatPhone('+79221234567')).toBe('+7 922 123-45-67');
    expect(formatPhone('+380441234567')).toBe('+380441234567');
  });

  it('says the kind once when the subject only repeats it', () => {
    expect(bidKindText('trial', 'Пробное занятие')).toBe('Пробное занятие');
    expect(bidKindText('trial', 'Пробная тренировка')).toBe('Пробное занятие');
    expect(bidKindText('coach', 'Анна Ковалёва')).toBe('Тренер · Анна Ковалёва');
    expect(bidKindText('card', null)).toBe('Клубная карта');
  });

  it('shows a bid in its gym’s zone, the network’s without a gym', () => {
    expect(bidTimeZone('Asia/Yekaterinburg', 'Europe/Moscow')).toBe('Asia/Yekaterinburg');
    expect(bidTimeZone(null, 'Asia/Omsk')).toBe('Asia/Omsk');
    expect(timeZoneOffset('Asia/Yekaterinburg', '2026-11-23T00:00:00Z')).toBe('GMT+5');
  });
});
