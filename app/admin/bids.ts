/** Russian names of bid statuses and kinds and the workflow between statuses (docs/product/bids.md). */
import type { BidKind, BidStatus } from '#db/schema.ts';

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
};

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
