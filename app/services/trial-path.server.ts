/**
 * The trial path on a bid's staff page (docs/product/report.md): the lead's sessions and marks, «Записать на
 * занятие» (a place taken through the visitor's locked path, `bookTrialSession`) and the outcome after the trial.
 */
import type { RouterContextProvider } from 'react-router';
import { getStaff } from '#app/auth/staff.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getDb, getServices } from '#app/infra/services.server.ts';
import { NOT_BOUGHT_REASONS, OTHER_CARD, parseSessionChoice } from '#app/lib/attendance.ts';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { parseId } from '#app/lib/id.ts';
import { todayIn } from '#app/lib/schedule.ts';
import { getBid, recordBidChange } from '#app/models/admin/bids.server.ts';
import {
  listCardChoices,
  listLeadSignups,
  type OutcomeInput,
  setTrialOutcome,
} from '#app/models/admin/trials.server.ts';
import {
  bookTrialSession,
  checkTrialSession,
  sessionTitle,
  trialBookingFailure,
  trialSessionChoices,
} from '#app/services/trial-booking.server.ts';
import type { Bid } from '#db/schema.ts';

type BidRow = Bid & { gym_time_zone: string | null; gym_name: string | null };

/** What the bid page shows of the trial path; null for a sign-up taken for another bid (that bid is the lead). */
export async function loadTrialPath(context: Readonly<RouterContextProvider>, bid: BidRow) {
  if (bid.trial_bid_id !== null) return null;
  const services = getServices(context);
  const db = services.database.db;
  const timeZone = bid.gym_time_zone || DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const signups = await listLeadSignups(db, bid.id);
  const came = signups.some((row) => row.attendance === 'came');
  // A lead waiting for a session that has not passed needs no second booking.
  const upcoming = signups.some(
    (row) =>
      (row.signup_state === 'booked' || row.signup_state === 'waiting') &&
      row.session_date !== null &&
      row.session_date >= today &&
      row.attendance === null,
  );
  // A lead that came has had its trial; one that did not may be booked again.
  const canBook = bid.kind !== 'signup' && bid.gym_id !== null && !upcoming && !came;
  return {
    signups,
    came,
    canBook,
    choices: canBook ? await trialSessionChoices(services, { gymId: bid.gym_id, timeZone }) : [],
    cards: came ? await listCardChoices(db) : [],
    reasons: NOT_BOUGHT_REASONS,
    outcome: bid.outcome
      ? { outcome: bid.outcome, card: bid.outcome_card_title, reason: bid.outcome_reason, at: bid.outcome_at }
      : null,
  };
}

export type TrialActionResult = { ok: true; text: string } | { ok: false; status: number; text: string };

/** «Записать на занятие»: a place for the bid's person on the chosen session, as if they had signed up themselves. */
export async function bookFromBidPage(
  context: Readonly<RouterContextProvider>,
  id: number,
  form: FormData,
): Promise<TrialActionResult> {
  const services = getServices(context);
  const found = await getBid(getDb(context), id);
  if (!found) notFound('Заявка не найдена');
  const { bid } = found;
  if (bid.kind === 'signup' || bid.trial_bid_id !== null) {
    return { ok: false, status: 400, text: 'Это уже запись на занятие.' };
  }
  const choice = parseSessionChoice(form.get('session'));
  if (!choice) return { ok: false, status: 400, text: 'Выберите занятие из списка.' };
  const checked = await checkTrialSession(
    services,
    choice,
    bid.gym_id === null ? null : { id: bid.gym_id, timeZone: bid.gym_time_zone },
  );
  if (!checked.ok) return { ok: false, status: 400, text: checked.text };
  const { result } = await bookTrialSession(
    services,
    {
      id: bid.id,
      name: bid.name,
      phone: bid.phone,
      gymId: bid.gym_id,
      gymName: bid.gym_name,
      consentVersion: bid.consent_version,
      consentIp: bid.consent_ip,
      sourcePage: bid.source_page,
      utm: bid.utm ?? {},
    },
    checked,
  );
  if (result.outcome === 'existing') {
    return { ok: false, status: 409, text: 'Этот телефон уже записан на это занятие.' };
  }
  const failure = trialBookingFailure(result);
  if (failure) return { ok: false, status: 409, text: failure };
  const title = sessionTitle(checked.session);
  await recordBidChange(getDb(context), {
    bidId: bid.id,
    staffUserId: getStaff(context).id,
    from: bid.status,
    to: bid.status,
    note: `Записан на пробное занятие: ${title}`,
    fields: ['trial_signup'],
  });
  return { ok: true, text: `Записан на занятие: ${title}` };
}

/** «Купил абонемент» (a card or «Другое») or «Не купил» (a reason from the list), after the lead came. */
export async function saveOutcome(
  context: Readonly<RouterContextProvider>,
  id: number,
  form: FormData,
): Promise<TrialActionResult> {
  const outcome = form.get('outcome');
  let choice: OutcomeInput;
  if (outcome === 'bought') {
    const card = form.get('card');
    if (card === OTHER_CARD) choice = { outcome, cardId: null };
    else {
      const cardId = parseId(card);
      if (cardId === null) return { ok: false, status: 400, text: 'Выберите купленный абонемент или «Другое».' };
      choice = { outcome, cardId };
    }
  } else if (outcome === 'not_bought') {
    const reason = form.get('reason');
    if (typeof reason !== 'string' || !(NOT_BOUGHT_REASONS as readonly string[]).includes(reason)) {
      return { ok: false, status: 400, text: 'Выберите причину, почему не купил.' };
    }
    choice = { outcome, reason };
  } else {
    return { ok: false, status: 400, text: 'Выберите итог: «Купил абонемент» или «Не купил».' };
  }
  const result = await setTrialOutcome(getDb(context), { bidId: id, staffUserId: getStaff(context).id, choice });
  if (result === 'missing') notFound('Заявка не найдена');
  if (result === 'not-came') {
    return {
      ok: false,
      status: 409,
      text: 'Итог записывается после занятия: сначала отметьте «Пришёл» в списке занятия.',
    };
  }
  if (result === 'no-card') return { ok: false, status: 409, text: 'Этого абонемента больше нет. Выберите другой.' };
  return { ok: true, text: choice.outcome === 'bought' ? 'Итог: купил абонемент' : 'Итог: не купил' };
}
