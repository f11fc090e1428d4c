/**
 * The roster's marks and the trial's outcome in Russian (client-safe), and when marks may still change
 * (docs/product/report.md).
 */
import { addDays } from '#app/lib/schedule.ts';
import { parseSessionRef } from '#app/lib/signup.ts';
import type { Attendance, BidKind, TrialOutcome } from '#db/schema.ts';

export const ATTENDANCE_LABELS: Record<Attendance, string> = {
  came: 'Пришёл',
  no_show: 'Не пришёл',
};

export const OUTCOME_LABELS: Record<TrialOutcome, string> = {
  bought: 'Купил абонемент',
  not_bought: 'Не купил',
};

/** Marks of a session can be set from its day and changed for this many days after it. */
export const MARK_DAYS = 7;

/** Why someone did not buy after the trial: a short list, as a sales manager sorts them. */
export const NOT_BOUGHT_REASONS = [
  'Дорого',
  'Неудобное время или место',
  'Не понравилось занятие',
  'Подумает, перезвонить позже',
  'Выбрал другой клуб',
  'Другая причина',
] as const;

/** The card field's choice for a purchase of something not in the cards section. */
export const OTHER_CARD = 'other';
export const OTHER_CARD_TITLE = 'Другое';

/** Bids from the forms that offer a trial: `/new` and the home page, a coach's and a training's page. */
export const TRIAL_KINDS: readonly BidKind[] = ['trial', 'coach', 'training'];

export function isTrialKind(kind: BidKind): boolean {
  return TRIAL_KINDS.includes(kind);
}

export type MarkWindow = 'open' | 'early' | 'closed';

/** Whether a session's marks can be set or changed on `today` (the gym's date): from its day, for 7 days after it. */
export function markWindow(sessionDate: string, today: string): MarkWindow {
  if (today < sessionDate) return 'early';
  if (today > addDays(sessionDate, MARK_DAYS)) return 'closed';
  return 'open';
}

/** The trial form's optional «Выбрать занятие» field. */
export const SESSION_CHOICE_FIELD = 'session';

/** `slotId|date` as the trial form's «Выбрать занятие» sends it; null when malformed. */
export function parseSessionChoice(value: unknown): { slotId: number; date: string } | null {
  if (typeof value !== 'string') return null;
  const [slot = '', date = '', ...rest] = value.split('|');
  return rest.length ? null : parseSessionRef(new URLSearchParams({ slot, date }));
}

export function sessionChoiceValue(slotId: number, date: string): string {
  return `${slotId}|${date}`;
}

/** The roster of one session: `/admin/roster?slot=12&date=2026-11-27` (docs/product/report.md, "The roster"). */
export function rosterHref(slotId: number, date: string): string {
  return `/admin/roster?slot=${slotId}&date=${date}`;
}

/** Who gets a mark on the roster: everyone holding a place (walk-ins included). */
export function isMarkable(row: { signup_state: string | null }): boolean {
  return row.signup_state === 'booked';
}
