/**
 * Whether a session takes a sign-up now under its gym's rules (docs/product/signups.md): shared by the sign-up page,
 * the schedule, the trial form's «Выбрать занятие» and staff's «Записать на занятие».
 */
import { type BookingRules, lastBookableDate } from '#app/lib/booking.ts';
import { timeIn, todayIn } from '#app/lib/schedule.ts';
import { notOpenText, SIGNUP_CLOSED_TEXT, type SignupClosed, signupClosed } from '#app/lib/signup.ts';
import { getGymBookingRules } from '#app/models/gym.server.ts';

/**
 * A gym's booking rules from the content cache (dropped on every staff edit, like the gym list): the schedule and
 * the sign-up page ask for them without a database round trip on most requests.
 */
export function cachedBookingRules(
  services: {
    database: { db: Parameters<typeof getGymBookingRules>[0] };
    cache: { get<T>(key: string, load: () => Promise<T>): Promise<T> };
  },
  gymId: number | null,
) {
  return services.cache.get(`booking-rules:${gymId}`, () => getGymBookingRules(services.database.db, gymId));
}

/** Why a session takes no sign-up now, with its Russian answer, or null (the gym's rules applied). */
export function signupRefusal(
  rules: BookingRules,
  session: { date: string; start: string; status: 'scheduled' | 'cancelled' | 'changed'; gymId: number },
  timeZone: string,
): { reason: SignupClosed; text: string } | null {
  const today = todayIn(timeZone);
  const reason = signupClosed(
    session,
    { date: today, time: timeIn(timeZone) },
    { lastDate: lastBookableDate(today, rules), closeMinutes: rules.signupCloseMinutes },
  );
  if (!reason) return null;
  return { reason, text: reason === 'not-open' ? notOpenText(rules.bookingDaysAhead) : SIGNUP_CLOSED_TEXT[reason] };
}
