/**
 * The report's period, rates and wording (docs/product/report.md), shared by the page and its CSV. Pure.
 */
import { addDays, isIsoDate } from '#app/lib/schedule.ts';

export type ReportPeriod = 'this-month' | 'last-month' | 'range';

export const PERIOD_LABELS: Record<ReportPeriod, string> = {
  'this-month': 'Этот месяц',
  'last-month': 'Прошлый месяц',
  range: 'Свой период',
};

/** The longest period a report covers: two years of days. */
export const MAX_REPORT_DAYS = 731;

export const STEP_LABELS = {
  bids: 'Заявки',
  booked: 'Записаны на пробное',
  came: 'Пришли',
  bought: 'Купили',
} as const;

/** The same steps as a table's column heads, short enough for a 360 px phone. */
export const STEP_SHORT_LABELS = {
  bids: 'Заявки',
  booked: 'Записаны',
  came: 'Пришли',
  bought: 'Купили',
} as const;

export const BREAKDOWN_LABELS = {
  source: 'Источник (utm_source)',
  medium: 'Канал (utm_medium)',
  campaign: 'Кампания (utm_campaign)',
  page: 'Страница формы',
  gym: 'Клуб',
  week: 'Неделя',
} as const;

export const NO_TAG = '(без метки)';

export interface ReportParams {
  period: ReportPeriod;
  from: string;
  to: string;
  gymId: number | null;
  /** A Russian message when the chosen range was not usable (the month is shown instead). */
  error: string | null;
}

function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

function monthEnd(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/** `?period=&from=&to=&gym=`: this month by default; a bad range falls back to this month with a message. */
export function parseReportParams(params: URLSearchParams, today: string, gymIds: readonly number[]): ReportParams {
  const gymText = params.get('gym') ?? '';
  const gymId = /^\d{1,9}$/.test(gymText) && gymIds.includes(Number(gymText)) ? Number(gymText) : null;
  const period = params.get('period');
  if (period === 'last-month') {
    const end = addDays(monthStart(today), -1);
    return { period, from: monthStart(end), to: end, gymId, error: null };
  }
  const thisMonth = { period: 'this-month' as const, from: monthStart(today), to: monthEnd(today), gymId, error: null };
  if (period !== 'range') return thisMonth;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (!isIsoDate(from) || !isIsoDate(to)) {
    return { ...thisMonth, error: 'Укажите начало и конец периода: например, 01.10.2026 и 31.10.2026.' };
  }
  if (from > to) return { ...thisMonth, error: 'Начало периода позже его конца.' };
  if (addDays(from, MAX_REPORT_DAYS - 1) < to) {
    return { ...thisMonth, error: 'Период не длиннее двух лет.' };
  }
  return { period: 'range', from, to, gymId, error: null };
}

/** `50 %`: `part` of `whole`, rounded; `—` when there is nothing to divide by. */
export function rate(part: number, whole: number): string {
  if (whole === 0) return '—';
  return `${Math.round((part / whole) * 100)} %`;
}

/** The Mondays of every week the period touches, so weeks without bids show as zeros. */
export function weeksOf(from: string, to: string): string[] {
  const weekday = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7;
  const weeks: string[] = [];
  for (let monday = addDays(from, -weekday); monday <= to; monday = addDays(monday, 7)) weeks.push(monday);
  return weeks;
}

/** `?period=…` of the report and its CSV, with the same choices. */
export function reportSearch(params: Pick<ReportParams, 'period' | 'from' | 'to' | 'gymId'>): string {
  const search = new URLSearchParams({ period: params.period });
  if (params.period === 'range') {
    search.set('from', params.from);
    search.set('to', params.to);
  }
  if (params.gymId !== null) search.set('gym', String(params.gymId));
  return search.toString();
}
