/** Russian names of bid statuses and kinds and the workflow between statuses (docs/product/bids.md). */
import type { BidKind, BidStatus, SignupState } from '#db/schema.ts';

export const BID_STATUS_LABELS: Record<BidStatus, string> = {
  new: 'Новая',
  in_progress: 'В работе',
  done: 'Обработана',
  rejected: 'Отказ',
};

export const BID_KIND_LABELS: Record<BidKind, string> = {
  trial: 'Пробное занятие',
  card: 'Клубная карта',
  coach: 'Тренер',
  training: 'Тренировка',
  promo: 'Акция',
  other: 'Другое',
  signup: 'Запись на занятие',
};

/**
 * What a bid is about, as the inbox shows it: the kind and the subject's title, the title left out when it only
 * repeats the kind (a trial's subject is «Пробное занятие»).
 */
export function bidKindText(kind: BidKind, subjectTitle: string | null): string {
  const label = BID_KIND_LABELS[kind];
  // A trial has no subject of its own: its stored title only repeats the kind.
  const subject = kind === 'trial' ? '' : subjectTitle?.trim();
  return subject && subject.toLowerCase() !== label.toLowerCase() ? `${label} · ${subject}` : label;
}

/** The zone a bid's times are shown in: its gym's, else the club network's (docs/product/staff.md, "Times"). */
export function bidTimeZone(gymTimeZone: string | null | undefined, networkZone: string): string {
  return gymTimeZone || networkZone;
}

export const BID_STATUSES = Object.keys(BID_STATUS_LABELS) as BidStatus[];
export const BID_KINDS = Object.keys(BID_KIND_LABELS) as BidKind[];

/** новая → в работе → обработана | отказ; a finished bid can be reopened. */
export const BID_TRANSITIONS: Record<BidStatus, BidStatus[]> = {
  new: ['in_progress', 'done', 'rejected'],
  in_progress: ['done', 'rejected'],
  done: ['in_progress'],
  rejected: ['in_progress'],
};

/** How far back "the same phone applied recently" looks. */
export const REPEAT_PHONE_DAYS = 30;

/** Where a sign-up stands in its session (docs/product/signups.md). */
export const SIGNUP_STATE_LABELS: Record<SignupState, string> = {
  booked: 'Записан',
  waiting: 'Лист ожидания',
  cancelled: 'Запись отменена',
};
