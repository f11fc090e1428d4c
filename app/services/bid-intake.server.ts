import { createHash } from 'node:crypto';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '#app/infra/database-outage.server.ts';
import { visitorChannelsOf } from '#app/infra/env.server.ts';
import { renderPlaceholders } from '#app/infra/render-cache.server.ts';
import { getRequestInfo, getServices } from '#app/infra/services.server.ts';
import { clientKey, retryAfterHeaders, retryAfterText } from '#app/infra/too-many-requests.server.ts';
import { isTrialKind, parseSessionChoice, SESSION_CHOICE_FIELD } from '#app/lib/attendance.ts';
import {
  BID_FORM_PARAM,
  BID_SENT_PARAM,
  type BidActionResult,
  type BidFieldErrors,
  submitLabelOf,
} from '#app/lib/bid-form.ts';
import { type BidInput, bidValuesFrom, parseBidForm } from '#app/lib/bid-schema.ts';
import { managePath } from '#app/lib/booking.ts';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { todayIn } from '#app/lib/schedule.ts';
import { parseSessionRef, SIGNUP_CLOSED_TEXT, SIGNUP_EXISTING_PARAM, SIGNUP_STATE_PARAM } from '#app/lib/signup.ts';
import { createPublicBid, findBidSubjectTitle, type NewPublicBid } from '#app/models/bid.server.ts';
import { consumeRateLimit } from '#app/models/rate-limit.server.ts';
import { getSession } from '#app/models/schedule.server.ts';
import { createSignup } from '#app/models/signup.server.ts';
import { getActiveGym } from '#app/services/active-gym.server.ts';
import {
  answeredBidToken,
  bidTokenIssuedAt,
  checkBidToken,
  issueBidToken,
  TOKEN_MAX_AGE_MS,
} from '#app/services/bid-token.server.ts';
import { issueManageLink } from '#app/services/booking-link.server.ts';
import { currentPolicy } from '#app/services/consent-policy.server.ts';
import { setSignupLinkCookie } from '#app/services/signup-link-cookie.server.ts';
import { cachedBookingRules, signupRefusal } from '#app/services/signup-rules.server.ts';
import {
  bookTrialSession,
  checkTrialSession,
  noteTrialBookingFailure,
  sessionTitle,
  type TrialSessionCheck,
  trialBookingFailure,
} from '#app/services/trial-booking.server.ts';

// The gym's sign-up rules are shared with the trial path; pages import them from here as before.
export { cachedBookingRules, signupRefusal };

/**
 * Bids per client address, in PostgreSQL so that every instance shares the count. One address is often many people —
 * a club's lobby on its Wi-Fi, a mobile carrier's NAT — so it is sized for a full class signing up in one break
 * (docs/security.md, "What one address carries"); scripts are held back by the limits per showing and per phone.
 */
export const BID_RATE_LIMIT = { points: 30, windowSeconds: 10 * 60 } as const;
/**
 * Bids per phone number: a family signs up a few people for a week's sessions from one number, and a tester fills
 * every form of the site with theirs; more is a script, or someone else's number typed in again and again (the club
 * would call that person).
 */
export const BID_PHONE_LIMIT = { points: 20, windowSeconds: 60 * 60 } as const;
/**
 * Accepted bids per form token, for as long as a token lives. A person sends a form once; a page held by a shared
 * cache hands one token to a few visitors; a bot replaying one token gets no further (docs/security.md).
 */
export const BID_TOKEN_USES = { points: 3, windowSeconds: TOKEN_MAX_AGE_MS / 1000 } as const;
const HONEYPOT_FIELD = 'website';
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

/**
 * The hidden "form shown at" token a page puts into its bid forms. A page rendered for the render cache gets a
 * placeholder instead, replaced by a token issued for each answer (infra/page-cache.server.ts).
 */
export function bidFormToken(context: Readonly<RouterContextProvider>): string {
  return renderPlaceholders()?.token ?? issueBidToken(getServices(context).sessionSecret);
}

function sanitizeFormId(value: FormDataEntryValue | null): string {
  return typeof value === 'string' && /^[\w-]{1,40}$/.test(value) ? value : 'bid';
}

/**
 * The action behind every public bid form. Without JavaScript: success redirects back to the page (POST → redirect
 * → GET) with `?bid=sent&form=<id>#<id>`; errors re-render the page with messages and the visitor's values.
 * With JavaScript (a fetcher sends `_js=1`) success is answered as data, so the page does not reload.
 * Bad input never throws: every path answers with a Russian message.
 */
export function handleBidAction(args: IntakeArgs) {
  return runBidAction(args, acceptBid);
}

/**
 * The action of the sign-up page (docs/product/signups.md): a bid of kind `signup` for one session, through the same
 * checks as every bid (honeypot, fill time, rate limits). The place is taken under the slot's lock; a session that
 * filled up meanwhile is answered 409 and offers the waiting list; past and cancelled sessions are refused.
 */
export function handleSignupAction(args: IntakeArgs) {
  return runBidAction(args, acceptSignup);
}

type IntakeArgs = { request: Request; context: Readonly<RouterContextProvider>; url: URL };
type Accept = (
  args: IntakeArgs & { form: FormData; formId: string; parsed: BidInput; fail: Fail; button: string },
) => Promise<unknown>;

async function runBidAction({ request, context, url }: IntakeArgs, accept: Accept) {
  const services = getServices(context);
  const info = getRequestInfo(context);

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const formId = sanitizeFormId(form.get('formId'));
  const values = bidValuesFrom(form);
  // Messages that ask to send the form again name the button the page shows.
  const button = submitLabelOf(form.get('intent'));
  // The form comes back carrying its first-shown time, marked so that sending it again is never "too fast"
  // (docs/bid-form.md); `newToken` starts a new showing instead, for a token that may not be used any more.
  const fail = (
    status: number,
    errors: BidFieldErrors,
    formError: string | null,
    { headers, newToken = false }: { headers?: Record<string, string>; newToken?: boolean } = {},
  ) =>
    data<BidActionResult>(
      {
        formId,
        status: 'error',
        errors,
        formError,
        values,
        token: newToken
          ? issueBidToken(services.sessionSecret, Date.now(), true)
          : answeredBidToken(services.sessionSecret, form.get('token')),
      },
      { status, headers: { 'Cache-Control': 'private, no-store', ...headers } },
    );

  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === 'string' && honeypot.trim() !== '') {
    info.logger.warn({ formId }, 'bid refused: honeypot filled');
    return fail(400, {}, 'Заявка не принята. Обновите страницу и попробуйте ещё раз.');
  }

  const parsed = parseBidForm(form);
  if (!parsed.success) return fail(400, parsed.errors, null);

  const token = checkBidToken(services.sessionSecret, form.get('token'), Date.now(), services.env.BID_MIN_FILL_MS);
  if (token === 'too-fast') {
    return fail(400, {}, `Форма отправлена слишком быстро. Проверьте данные и нажмите «${button}» ещё раз.`);
  }
  if (token !== 'ok') {
    return fail(400, {}, `Страница устарела. Проверьте данные и нажмите «${button}» ещё раз.`);
  }

  try {
    return await accept({ request, context, url, form, formId, parsed: parsed.data, fail, button });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // The database is unreachable (docs/security.md, "Database outage"): the form comes back with the visitor's
    // input and the club's phone number, which the gym cache still knows.
    const phone = await clubPhone(context, null).catch(() => null);
    return fail(
      503,
      {},
      phone
        ? `Не удалось отправить заявку: сайт временно не работает. Позвоните нам: ${phone}`
        : 'Не удалось отправить заявку: сайт временно не работает. Попробуйте ещё раз через несколько минут.',
      { headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  }
}

type Fail = (
  status: number,
  errors: BidFieldErrors,
  formError: string | null,
  options?: { headers?: Record<string, string>; newToken?: boolean },
) => ReturnType<typeof data<BidActionResult>>;

/** The phone a refused visitor can call instead: the form's gym's, else the active gym's, else any gym's. */
async function clubPhone(
  context: Readonly<RouterContextProvider>,
  gym: { phone: string } | null | undefined,
): Promise<string | null> {
  if (gym?.phone) return gym.phone;
  const active = await getActiveGym(context);
  return active.gym?.phone || active.gyms.find((candidate) => candidate.phone)?.phone || null;
}

/** The rate limits of every bid (docs/security.md): per client address, per phone and per showing of the form. */
async function consumeBidLimits(
  context: Readonly<RouterContextProvider>,
  {
    form,
    phone,
    gym,
    button,
  }: { form: FormData; phone: string; gym: { phone: string } | null | undefined; button: string },
  fail: Fail,
) {
  const services = getServices(context);
  const info = getRequestInfo(context);
  const db = services.database.db;
  const call = async () => {
    const number = await clubPhone(context, gym);
    return number ? `позвоните нам: ${number}` : 'позвоните нам';
  };
  const limit = await consumeRateLimit(db, `bid:${clientKey(info.ip)}`, BID_RATE_LIMIT);
  if (!limit.allowed) {
    info.logger.warn({ ip: info.ip }, 'bid refused: rate limit');
    return fail(
      429,
      {},
      `Слишком много заявок с вашего адреса. Попробуйте ещё раз ${retryAfterText(limit.retryAfterSeconds)} или ${await call()}.`,
      { headers: retryAfterHeaders(limit.retryAfterSeconds) },
    );
  }
  // By a hash of the number: the counters table holds no phone numbers.
  const phoneKey = createHash('sha256').update(phone).digest('hex').slice(0, 24);
  const perPhone = await consumeRateLimit(db, `bid-phone:${phoneKey}`, BID_PHONE_LIMIT);
  if (!perPhone.allowed) {
    info.logger.warn({ ip: info.ip }, 'bid refused: phone limit');
    return fail(
      429,
      {},
      `С этого номера уже отправлено много заявок. Мы перезвоним по ним; если нужно срочно, ${await call()}.`,
      { headers: retryAfterHeaders(perPhone.retryAfterSeconds) },
    );
  }
  // Counted per showing of the form (its signed issue time), so a token and the answered tokens derived from it
  // share one count.
  const issuedAt = bidTokenIssuedAt(services.sessionSecret, form.get('token'));
  const uses = await consumeRateLimit(db, `bid-token:${issuedAt}`, BID_TOKEN_USES);
  if (!uses.allowed) {
    info.logger.warn({ ip: info.ip }, 'bid refused: form token used up');
    // The answer carries a new token: a person who really means another bid sends the form once more.
    return fail(400, {}, `Эта форма уже отправлена. Проверьте данные и нажмите «${button}» ещё раз.`, {
      newToken: true,
    });
  }
  return null;
}

/** The checks and the write that need the database, after the form itself was found valid. */
async function acceptBid({ context, url, form, formId, parsed: input, fail, button }: Parameters<Accept>[0]) {
  const services = getServices(context);
  const info = getRequestInfo(context);
  const db = services.database.db;
  // The gym the form was shown for, when it is still published; else the visitor's active gym.
  const active = await getActiveGym(context);
  const gym = active.gyms.find((candidate) => candidate.id === input.gymId) ?? active.gym;
  const subjectTitle = await findBidSubjectTitle(db, input.kind, input.subjectId);
  if (subjectTitle === undefined) {
    return fail(400, {}, 'Это предложение больше недоступно. Обновите страницу и выберите другое.');
  }

  // «Выбрать занятие» of a trial form (docs/product/report.md): a session checked before anything is stored.
  const choiceValue = form.get(SESSION_CHOICE_FIELD);
  let trialSession: Extract<TrialSessionCheck, { ok: true }> | null = null;
  if (isTrialKind(input.kind) && typeof choiceValue === 'string' && choiceValue !== '') {
    const choice = parseSessionChoice(choiceValue);
    const checked = choice
      ? await checkTrialSession(services, choice, gym ? { id: gym.id, timeZone: gym.timeZone } : null)
      : ({ ok: false, text: 'Выберите занятие из списка.' } as const);
    if (!checked.ok) return fail(400, { session: checked.text }, null);
    trialSession = checked;
  }

  const limited = await consumeBidLimits(context, { form, phone: input.phone, gym, button }, fail);
  if (limited) return limited;

  const visitor = await visitorBid(context, url, input, gym, subjectTitle);
  const bid = await createPublicBid(
    db,
    { ...visitor, kind: input.kind, subjectId: input.kind === 'trial' ? null : input.subjectId },
    notificationChannels(services.env),
  );
  info.logger.info({ bidId: bid.id, kind: input.kind, gymId: gym?.id ?? null }, 'bid accepted');

  // The trial bid is stored whatever happens to its place: the club calls a person whose session filled up meanwhile.
  let signup: 'booked' | null = null;
  let manage: string | null = null;
  if (trialSession) {
    const booking = await bookTrialSession(services, { ...visitor, id: bid.id }, trialSession);
    const result = booking.result;
    const failure = trialBookingFailure(result);
    if (result.outcome === 'booked') {
      signup = 'booked';
      manage = booking.manage;
    }
    if (failure) await noteTrialBookingFailure(db, bid.id, failure);
    info.logger.info({ bidId: bid.id, outcome: result.outcome }, 'trial session chosen');
  }

  if (form.get('_js') === '1') {
    return data<BidActionResult>(
      { formId, status: 'sent', kind: input.kind, gymId: gym?.id ?? null, signup, manage },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
  const next = new URLSearchParams(url.searchParams);
  next.delete('index');
  next.set(BID_SENT_PARAM, 'sent');
  next.set(BID_FORM_PARAM, formId);
  if (signup) next.set(SIGNUP_STATE_PARAM, signup);
  else next.delete(SIGNUP_STATE_PARAM);
  return redirect(`${url.pathname}?${next.toString()}#${formId}`, {
    headers: { 'Cache-Control': 'private, no-store' },
  });
}

/** The optional «E-mail» of a sign-up: a plain address, or a Russian message. */
function parseEmail(value: FormDataEntryValue | null): { email: string | null } | { error: string } {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return { email: null };
  if (text.length > 254 || !/^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(text)) {
    return { error: 'Проверьте адрес почты: например, anna@example.ru. Или оставьте поле пустым.' };
  }
  return { email: text.toLowerCase() };
}

/** A sign-up's checks and write, after the form itself was found valid (docs/product/signups.md). */
async function acceptSignup({ context, url, form, formId, parsed: input, fail, button }: Parameters<Accept>[0]) {
  const services = getServices(context);
  const info = getRequestInfo(context);
  const db = services.database.db;
  const missing = 'Такого занятия нет в расписании. Выберите занятие на странице расписания.';
  const ref = parseSessionRef(
    new URLSearchParams({ slot: String(form.get('slot') ?? ''), date: String(form.get('date') ?? '') }),
  );
  const session = ref ? await getSession(db, ref.slotId, ref.date) : null;
  if (!ref || !session) return fail(400, {}, missing);
  const email = parseEmail(form.get('email'));
  if ('error' in email) return fail(400, { email: email.error }, null);
  const active = await getActiveGym(context);
  const gym = active.gyms.find((candidate) => candidate.id === session.gymId) ?? null;
  const timeZone = gym?.timeZone || DEFAULT_TIME_ZONE;
  const refusal = signupRefusal(await cachedBookingRules(services, session.gymId), session, timeZone);
  if (refusal) return fail(400, {}, refusal.text);

  const limited = await consumeBidLimits(context, { form, phone: input.phone, gym, button }, fail);
  if (limited) return limited;

  const link = issueManageLink(services.sessionSecret);
  const result = await createSignup(
    db,
    {
      ...(await visitorBid(context, url, input, gym, sessionTitle(session))),
      slotId: session.slotId,
      date: session.date,
      waitingList: form.get('intent') === 'waiting',
      email: email.email,
      manageNonce: link.nonce,
      manageTokenHash: link.tokenHash,
      today: todayIn(timeZone),
    },
    notificationChannels(services.env),
    visitorChannelsOf(services.env),
  );
  if (result.outcome === 'full') {
    return fail(
      409,
      {},
      'Пока вы заполняли форму, свободные места закончились. Можно встать в лист ожидания — место перейдёт к вам, как только освободится.',
    );
  }
  if (result.outcome === 'limit') {
    return fail(
      409,
      {},
      `С этого номера уже ${result.limit} ${result.limit % 10 === 1 && result.limit % 100 !== 11 ? 'будущая запись' : 'будущих записей'} в этом зале — это наибольшее число. Отмените одну из них по ссылке из сообщения о записи или позвоните нам.`,
    );
  }
  if (result.outcome === 'cancelled') return fail(400, {}, SIGNUP_CLOSED_TEXT.cancelled);
  if (result.outcome === 'missing') return fail(400, {}, missing);
  const existing = result.outcome === 'existing';
  const outcome = result.outcome === 'existing' ? result.state : result.outcome;
  info.logger.info({ bidId: result.id, kind: 'signup', state: outcome, existing }, 'sign-up accepted');
  // A repeat of a phone's sign-up shows no link: whoever types a number must not open its owner's booking.
  const manage = result.outcome === 'existing' ? null : managePath(link.token);

  if (form.get('_js') === '1') {
    return data<BidActionResult>(
      { formId, status: 'sent', kind: 'signup', gymId: gym?.id ?? null, signup: outcome, existing, manage },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
  const next = new URLSearchParams(url.searchParams);
  next.delete('index');
  next.set(BID_SENT_PARAM, 'sent');
  next.set(BID_FORM_PARAM, formId);
  next.set(SIGNUP_STATE_PARAM, outcome);
  if (existing) next.set(SIGNUP_EXISTING_PARAM, '1');
  else next.delete(SIGNUP_EXISTING_PARAM);
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  // Without JavaScript the link reaches the page after the redirect in a short-lived cookie of this browser only,
  // never in the address (logs, Referer) nor in any cache (services/signup-link-cookie.server.ts).
  if (manage) headers.append('Set-Cookie', await setSignupLinkCookie(services.sessionSecret, link.token));
  return redirect(`${url.pathname}?${next.toString()}#${formId}`, { headers });
}

/** The campaign tags of the page the bid was sent from, cleaned of control characters and cut to 200 characters. */
/** What every bid stores of the visitor, the gym, the consent and the page it came from. */
async function visitorBid(
  context: Readonly<RouterContextProvider>,
  url: URL,
  input: BidInput,
  gym: { id: number; name: string } | null | undefined,
  subjectTitle: string,
): Promise<Omit<NewPublicBid, 'kind' | 'subjectId'>> {
  // The consent covers the policy linked next to the checkbox, in the version the site shows now.
  const policy = await currentPolicy(getServices(context).database.db);
  return {
    name: input.name,
    phone: input.phone,
    comment: input.comment,
    gymId: gym?.id ?? null,
    gymName: gym?.name ?? null,
    subjectTitle,
    consentVersion: policy.consentVersion,
    consentIp: getRequestInfo(context).ip,
    sourcePage: url.pathname,
    utm: utmOf(url),
  };
}

function utmOf(url: URL): Record<string, string> {
  const utm: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (NUL above all) cannot be stored
    const clean = value?.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
    if (clean) utm[key] = clean;
  }
  return utm;
}

/** Where a new bid is announced: e-mail and/or the webhook, as configured. */
function notificationChannels(env: {
  SMTP_URL?: string;
  BIDS_NOTIFY_EMAIL?: string;
  BIDS_WEBHOOK_URL?: string;
}): Array<'email' | 'webhook'> {
  const channels: Array<'email' | 'webhook'> = [];
  if (env.SMTP_URL && env.BIDS_NOTIFY_EMAIL) channels.push('email');
  if (env.BIDS_WEBHOOK_URL) channels.push('webhook');
  return channels;
}
