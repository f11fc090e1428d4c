/**
 * What the manage link `/b/<token>` opens (docs/product/signups.md, "The manage link"): the lookup by the token's
 * hash behind a per-address rate limit, and the visitor's cancellation. Unknown and malformed tokens are answered
 * alike (404), so the page tells nothing about which tokens exist.
 */
import type { RouterContextProvider } from 'react-router';
import { visitorChannelsOf } from '#app/infra/env.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { getRequestInfo, getServices } from '#app/infra/services.server.ts';
import { clientKey, retryAfterHeaders, retryAfterText } from '#app/infra/too-many-requests.server.ts';
import { getBookingView } from '#app/models/booking-view.server.ts';
import { consumeRateLimit } from '#app/models/rate-limit.server.ts';
import { cancelByVisitor, findSignupByTokenHash } from '#app/models/signup.server.ts';
import { lookupHash } from '#app/services/booking-link.server.ts';

/** Opens of manage links per client address: a visitor looks at their booking a few times, a guesser gets nowhere. */
export const BOOKING_LINK_RATE_LIMIT = { points: 60, windowSeconds: 10 * 60 } as const;

export const PERSONAL_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  // The token is in the address: no other site learns it from a Referer. (Not `no-referrer`: that also blanks the
  // Origin of the page's own form post, which the same-origin check then refuses.)
  'Referrer-Policy': 'same-origin',
} as const;

/** The booking a token opens, or a thrown 404 / 429 answer. */
export async function bookingOfToken(context: Readonly<RouterContextProvider>, token: string | undefined) {
  const services = getServices(context);
  const info = getRequestInfo(context);
  const db = services.database.db;
  const limit = await consumeRateLimit(db, `booking-link:${clientKey(info.ip)}`, BOOKING_LINK_RATE_LIMIT);
  if (!limit.allowed) {
    info.logger.warn({ ip: info.ip }, 'booking link refused: rate limit');
    throw new Response(
      `Слишком много запросов с вашего адреса. Попробуйте ещё раз ${retryAfterText(limit.retryAfterSeconds)}.`,
      {
        status: 429,
        headers: { ...PERSONAL_HEADERS, ...retryAfterHeaders(limit.retryAfterSeconds) },
      },
    );
  }
  const hash = token ? lookupHash(token) : null;
  const found = hash ? await findSignupByTokenHash(db, hash) : null;
  const view = found ? await getBookingView(db, found.id) : null;
  if (!view) notFound('Запись не найдена', PERSONAL_HEADERS);
  return view;
}

/** The visitor's «Отменить запись», after the confirmation step. */
export async function cancelOwnBooking(context: Readonly<RouterContextProvider>, bidId: number) {
  const services = getServices(context);
  const result = await cancelByVisitor(services.database.db, bidId, visitorChannelsOf(services.env));
  getRequestInfo(context).logger.info({ bidId, outcome: result.outcome }, 'booking cancelled by its visitor');
  return result;
}
