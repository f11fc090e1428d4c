/**
 * Sign-ups for a session (docs/product/signups.md): places left, their Russian wording and whether a session can
 * still be signed up for. Pure and shared by server and client.
 */
import { plural } from '#app/lib/format.ts';
import { isIsoDate } from '#app/lib/schedule.ts';

/** The public sign-up page of one session: `/shedule/signup?slot=<id>&date=YYYY-MM-DD`. */
export const SIGNUP_PATH = '/shedule/signup';

/** `?signup=booked|waiting` tells the page a no-JS visitor is redirected to how the sign-up ended. */
export const SIGNUP_STATE_PARAM = 'signup';
/** `?existing=1`: the phone already had this sign-up (nothing new was stored). */
export const SIGNUP_EXISTING_PARAM = 'existing';

export function signupHref(slotId: number, date: string): string {
  return `${SIGNUP_PATH}?slot=${slotId}&date=${date}`;
}

/** Places left of a session: null when it has no capacity (no limit shown), never below zero. */
export function placesLeft(capacity: number | null, booked: number): number | null {
  if (capacity === null) return null;
  return Math.max(0, capacity - booked);
}

/** `1 место`, `2 места`, `5 мест`, `21 место`. */
export function placesCount(count: number): string {
  return `${count} ${plural(count, ['место', 'места', 'мест'])}`;
}

/** `осталось 3 места` / `мест нет`; null for a session without a capacity. */
export function placesText(left: number | null): string | null {
  if (left === null) return null;
  return left === 0 ? 'мест нет' : `осталось ${placesCount(left)}`;
}

/**
 * Places in the calendar feed's description (apps fetch the feed every few hours): `Свободно 3 места из 20`,
 * `Мест нет, можно встать в лист ожидания`; null without a capacity.
 */
export function placesLine(left: number | null, capacity: number | null): string | null {
  if (left === null || capacity === null) return null;
  return left === 0 ? 'Мест нет, можно встать в лист ожидания' : `Свободно ${placesCount(left)} из ${capacity}`;
}

export type SignupClosed = 'cancelled' | 'past' | 'closing' | 'not-open';

/** `12:50` minus 30 minutes; a time before midnight stays `00:00` (a session is never booked across midnight). */
function minusMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = Math.max(0, h * 60 + m - minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * Why a session cannot be signed up for, or null when it can. A session closes at its start, or the gym's
 * `signupCloseMinutes` before it (gym-local `now`); a date past the gym's booking window (`lastDate`) is not open
 * yet; a cancelled one never opens (docs/product/signups.md).
 */
export function signupClosed(
  session: { date: string; start: string; status: 'scheduled' | 'cancelled' | 'changed' },
  now: { date: string; time: string },
  rules: { lastDate?: string | null; closeMinutes?: number } = {},
): SignupClosed | null {
  if (session.status === 'cancelled') return 'cancelled';
  if (session.date < now.date || (session.date === now.date && session.start <= now.time)) return 'past';
  const closeMinutes = rules.closeMinutes ?? 0;
  if (closeMinutes > 0 && session.date === now.date && minusMinutes(session.start, closeMinutes) <= now.time) {
    return 'closing';
  }
  if (rules.lastDate && session.date > rules.lastDate) return 'not-open';
  return null;
}

export const SIGNUP_CLOSED_TEXT: Record<SignupClosed, string> = {
  cancelled: 'Это занятие отменено, записаться на него нельзя. Выберите другое занятие в расписании.',
  past: 'Это занятие уже началось или прошло, записаться на него нельзя. Выберите занятие в расписании.',
  closing: 'Запись на это занятие уже закрыта: до начала осталось мало времени. Выберите занятие в расписании.',
  'not-open':
    'Запись на это занятие ещё не открыта: на сайте записываются на ближайшие две недели. Выберите занятие в расписании.',
};

/** The refusal for a session beyond the gym's booking window, naming its length. */
export function notOpenText(daysAhead: number): string {
  return `Запись на это занятие ещё не открыта: записаться можно не раньше чем за ${daysAhead} ${plural(daysAhead, ['день', 'дня', 'дней'])}. Выберите занятие в расписании.`;
}

/** `?slot=&date=` of a sign-up link, or null when either is missing or malformed. */
export function parseSessionRef(params: URLSearchParams): { slotId: number; date: string } | null {
  const slot = params.get('slot') ?? '';
  const date = params.get('date') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(slot) || !isIsoDate(date)) return null;
  const slotId = Number(slot);
  return slotId <= 2_147_483_647 ? { slotId, date } : null;
}
