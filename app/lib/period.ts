/**
 * Whether a dated run (a promo from its first to its last day, both included) is on, ahead or over on a given day.
 * Dates are `YYYY-MM-DD` calendar days of the club's time zone, so plain string comparison orders them.
 */
import { formatDate } from '#app/lib/format.ts';

export type PeriodState = 'planned' | 'running' | 'ended';

export function periodState(startsOn: string, endsOn: string, today: string): PeriodState {
  if (today < startsOn) return 'planned';
  if (today > endsOn) return 'ended';
  return 'running';
}

/** `1 ноября 2026 — 30 ноября 2026`, or one date for a one-day run. */
export function periodText(startsOn: string, endsOn: string): string {
  return startsOn === endsOn ? formatDate(startsOn) : `${formatDate(startsOn)} — ${formatDate(endsOn)}`;
}
