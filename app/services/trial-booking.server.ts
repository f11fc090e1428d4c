/**
 * The trial as a path (docs/product/report.md): the sessions a trial bid may be tied to («Выбрать занятие» in the
 * trial forms, «Записать на занятие» on the bid's staff page), and tying it — a sign-up taken through the same locked
 * path and with the same messages as a visitor's sign-up from the schedule (`createSignup`, ADR 36, 42, 43).
 */

import { visitorChannelsOf } from '#app/infra/env.server.ts';
import type { AppServices } from '#app/infra/load-context.server.ts';
import { sessionChoiceValue } from '#app/lib/attendance.ts';
import { managePath } from '#app/lib/booking.ts';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { dayAndMonth } from '#app/lib/format.ts';
import { addDays, isoWeekday, type Session, todayIn, WEEKDAY_SHORT } from '#app/lib/schedule.ts';
import { placesText } from '#app/lib/signup.ts';
import { getSession, listSessions } from '#app/models/schedule.server.ts';
import { createSignup, type SignupResult } from '#app/models/signup.server.ts';
import { issueManageLink } from '#app/services/booking-link.server.ts';
import { cachedBookingRules, signupRefusal } from '#app/services/signup-rules.server.ts';

/** How many sessions «Выбрать занятие» offers: the next ones, enough for a week of a busy gym's trainings. */
export const SESSION_CHOICES = 12;

export interface SessionChoice {
  value: string;
  label: string;
}

/** `Пт, 28 ноября, 19:00 — Хатха-йога (осталось 3 места)`. */
export function sessionChoiceLabel(session: Pick<Session, 'date' | 'start' | 'placesLeft' | 'training'>): string {
  const day = dayAndMonth(session.date);
  const places = placesText(session.placesLeft);
  return `${WEEKDAY_SHORT[isoWeekday(session.date) - 1]}, ${day}, ${session.start} — ${session.training.title}${places ? ` (${places})` : ''}`;
}

/**
 * Sessions of the coming week that take a sign-up now and have a place left, soonest first: of a gym, narrowed to a
 * coach or a training on their pages. Sessions already loaded by the page may be passed in.
 */
export async function trialSessionChoices(
  services: Pick<AppServices, 'database' | 'cache'>,
  query: { gymId: number | null; timeZone: string; coachId?: number; trainingId?: number },
  loaded?: readonly Session[],
): Promise<SessionChoice[]> {
  if (query.gymId === null) return [];
  const sessions =
    loaded ??
    (await listSessions(services.database.db, {
      gymId: query.gymId,
      dates: Array.from({ length: 7 }, (_, i) => addDays(todayIn(query.timeZone), i)),
      coachId: query.coachId,
      trainingId: query.trainingId,
    }));
  const rules = await cachedBookingRules(services, query.gymId);
  return sessions
    .filter(
      (session) =>
        session.placesLeft !== 0 && !signupRefusal(rules, { ...session, gymId: query.gymId! }, query.timeZone),
    )
    .slice(0, SESSION_CHOICES)
    .map((session) => ({
      value: sessionChoiceValue(session.slotId, session.date),
      label: sessionChoiceLabel(session),
    }));
}

/** `Хатха-йога — 28 ноября, 19:00`: a sign-up's subject snapshot, as staff read it in the inbox. */
export function sessionTitle(session: Pick<Session, 'date' | 'start' | 'training'>): string {
  const day = dayAndMonth(session.date);
  return `${session.training.title} — ${day}, ${session.start}`;
}

export type TrialSessionCheck =
  | { ok: true; session: Session & { gymId: number }; timeZone: string }
  | { ok: false; text: string };

/** A chosen session that exists, belongs to the bid's gym (when it has one) and takes a sign-up now. */
export async function checkTrialSession(
  services: Pick<AppServices, 'database' | 'cache'>,
  choice: { slotId: number; date: string },
  gym: { id: number; timeZone?: string | null } | null,
): Promise<TrialSessionCheck> {
  const session = await getSession(services.database.db, choice.slotId, choice.date);
  if (!session) return { ok: false, text: 'Такого занятия нет в расписании клуба. Выберите занятие из списка.' };
  if (gym && session.gymId !== gym.id) {
    return { ok: false, text: 'Это занятие проходит в другом клубе. Выберите занятие этого клуба или «Не выбирать».' };
  }
  const timeZone = gym?.timeZone || DEFAULT_TIME_ZONE;
  const refusal = signupRefusal(await cachedBookingRules(services, session.gymId), session, timeZone);
  if (refusal) return { ok: false, text: refusal.text };
  return { ok: true, session, timeZone };
}

/**
 * Takes a place on the session for a trial bid: a sign-up bound to the bid (`trial_bid_id`), with the visitor's name,
 * phone, page and tags, through `createSignup` — the slot's lock, the phone's limits, the confirmation and the
 * reminder. Staff are not notified of it again (the trial bid was announced).
 */
export async function bookTrialSession(
  services: Pick<AppServices, 'database' | 'env' | 'sessionSecret'>,
  trial: {
    id: number;
    name: string;
    phone: string;
    gymId: number | null;
    gymName: string | null;
    consentVersion: string;
    consentIp: string | null;
    sourcePage: string;
    utm: Record<string, string>;
  },
  checked: { session: Session & { gymId: number }; timeZone: string },
): Promise<{ result: SignupResult; manage: string | null }> {
  const link = issueManageLink(services.sessionSecret);
  const result = await createSignup(
    services.database.db,
    {
      name: trial.name,
      phone: trial.phone,
      comment: '',
      gymId: checked.session.gymId,
      gymName: trial.gymName,
      subjectTitle: sessionTitle(checked.session),
      consentVersion: trial.consentVersion,
      consentIp: trial.consentIp,
      sourcePage: trial.sourcePage,
      utm: trial.utm,
      slotId: checked.session.slotId,
      date: checked.session.date,
      waitingList: false,
      email: null,
      manageNonce: link.nonce,
      manageTokenHash: link.tokenHash,
      today: todayIn(checked.timeZone),
      trialBidId: trial.id,
    },
    [],
    visitorChannelsOf(services.env),
  );
  // The manage link of a new place (a repeat of the phone's sign-up shows none: ADR 43's rule for the schedule).
  return { result, manage: result.outcome === 'booked' ? managePath(link.token) : null };
}

/** The Russian answer when a trial's place could not be taken. */
export function trialBookingFailure(result: SignupResult): string | null {
  switch (result.outcome) {
    case 'full':
      return 'На это занятие свободных мест уже нет. Выберите другое.';
    case 'limit':
      return `С этого номера уже ${result.limit} будущих записей в этом зале — это наибольшее число.`;
    case 'cancelled':
      return 'Это занятие отменено. Выберите другое.';
    case 'missing':
      return 'Такого занятия нет в расписании клуба. Выберите занятие из списка.';
    default:
      return null;
  }
}

/** A note in the trial bid's history: its chosen session could not be taken (staff call and choose another). */
export async function noteTrialBookingFailure(db: AppServices['database']['db'], bidId: number, text: string) {
  await db
    .insertInto('bid_events')
    .values({
      bid_id: bidId,
      staff_user_id: null,
      from_status: 'new',
      to_status: 'new',
      note: `Запись на выбранное занятие не удалась: ${text}`,
    })
    .execute();
}
