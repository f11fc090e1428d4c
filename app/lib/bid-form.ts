import type { BidKind } from '#db/schema.ts';

/**
 * Client-safe parts of the bid form: constants and types. The zod schema (and the phone library) live in
 * bid-schema.ts, which only the server imports — the browser bundle stays small.
 */

/** Kinds a visitor can choose on the public site (staff may also record `other`). */
export const PUBLIC_BID_KINDS = ['trial', 'card', 'coach', 'training', 'promo'] as const satisfies readonly BidKind[];
export type PublicBidKind = (typeof PUBLIC_BID_KINDS)[number];

/**
 * How soon after it was shown a bid form may be sent, by default (docs/bid-form.md): sooner is a bot's speed. The
 * `BID_MIN_FILL_MS` setting changes it.
 */
export const MIN_FILL_MS = 2_500;

/** Version of the consent text shown next to the checkbox; recorded with every bid. */
export const CONSENT_VERSION = '2026-11';
export const CONSENT_LABEL = 'Я согласен на обработку персональных данных';

/**
 * The submit buttons of the bid forms: `Отправить заявку`, and on the sign-up page `Записаться` or, for a full
 * session, `Встать в лист ожидания` (its hidden `intent`). A message that asks to press the button again names it.
 */
export const SUBMIT_LABELS = {
  bid: 'Отправить заявку',
  place: 'Записаться',
  waiting: 'Встать в лист ожидания',
} as const;

/** The button a sent form showed, from the form's `intent` (a sign-up's `place` or `waiting`; none for other bids). */
export function submitLabelOf(intent: unknown): string {
  return intent === 'waiting' ? SUBMIT_LABELS.waiting : intent === 'place' ? SUBMIT_LABELS.place : SUBMIT_LABELS.bid;
}

export const NAME_MAX = 100;
export const COMMENT_MAX = 1000;

export type BidField = 'name' | 'phone' | 'comment' | 'consent' | 'email' | 'session';
export type BidFieldErrors = Partial<Record<BidField, string>>;

/** What the visitor typed, kept to refill the form after an error. */
export interface BidValues {
  name: string;
  phone: string;
  comment: string;
  consent: boolean;
  /** A sign-up's optional e-mail for messages. */
  email?: string;
  /** The gym chosen in the form, where the form offers the choice (`/new`). */
  gymId: string;
  /** A trial form's «Выбрать занятие» (`slotId|date`, empty for none). */
  session?: string;
}

export type SignupOutcome = 'booked' | 'waiting';

/** What a page's action answers to a bid form (the form with `formId` shows it). */
export type BidActionResult =
  | {
      formId: string;
      status: 'sent';
      kind: PublicBidKind | 'signup';
      gymId: number | null;
      /**
       * A sign-up's outcome: a place, a place on the waiting list, or this phone's sign-up that already exists
       * (docs/product/signups.md).
       */
      signup?: SignupOutcome | null;
      /** This phone already had this sign-up: nothing new was stored, its state is shown. */
      existing?: boolean;
      /** The sign-up's manage link (`/b/<token>`); never for an existing sign-up. */
      manage?: string | null;
    }
  | {
      formId: string;
      status: 'error';
      errors: BidFieldErrors;
      formError: string | null;
      values: BidValues;
      token: string;
    };

/** `?bid=sent&form=<id>` marks the page a no-JS visitor is redirected to after a successful bid. */
export const BID_SENT_PARAM = 'bid';
export const BID_FORM_PARAM = 'form';
