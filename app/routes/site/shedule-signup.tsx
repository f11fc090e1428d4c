import { data, Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import { BidForm } from '#app/components/BidForm.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { MissingSession } from '#app/components/MissingSession.tsx';
import { SessionFact } from '#app/components/SessionFact.tsx';
import { acceptCacheParams } from '#app/infra/render-cache.server.ts';
import { SUBMIT_LABELS } from '#app/lib/bid-form.ts';
import { hoursBefore, managePath } from '#app/lib/booking.ts';
import { DEFAULT_TIME_ZONE, SITE_NAME } from '#app/lib/club.ts';
import { dayAndMonth } from '#app/lib/format.ts';
import { isoWeekday, isoWeekOf, scheduleSearch, todayIn, WEEKDAY_NAMES } from '#app/lib/schedule.ts';
import { PRIVATE_CACHE_CONTROL, pageMeta, publicPageHeaders } from '#app/lib/seo.ts';
import { parseSessionRef, placesText, SIGNUP_STATE_PARAM } from '#app/lib/signup.ts';
import { getSession } from '#app/models/schedule.server.ts';
import { findSignupByTokenHash } from '#app/models/signup.server.ts';
import {
  bidFormToken,
  cachedBookingRules,
  handleSignupAction,
  signupRefusal,
} from '#app/services/bid-intake.server.ts';
import { hashManageToken } from '#app/services/booking-link.server.ts';
import { clearSignupLinkCookie, readSignupLinkCookie } from '#app/services/signup-link-cookie.server.ts';
import { isStoredDate, loadSiteContext, showsSessions } from '#app/services/site-page.server.ts';
import type { Route } from './+types/shedule-signup';

/** `Пятница, 28 ноября`. */
function dayLabel(date: string): string {
  const text = dayAndMonth(date);
  return `${WEEKDAY_NAMES[isoWeekday(date) - 1]}, ${text}`;
}

/** GET /shedule/signup?slot=<id>&date=YYYY-MM-DD — one session and its sign-up form (docs/product/signups.md). */
export async function loader(args: Route.LoaderArgs) {
  const site = await loadSiteContext(args);
  const ref = parseSessionRef(args.url.searchParams);
  const session = ref ? await getSession(site.db, ref.slotId, ref.date) : null;
  if (!session) {
    return data({ found: false as const, origin: site.origin }, { status: 404 });
  }
  const gym = site.gyms.find((candidate) => candidate.id === session.gymId) ?? null;
  const timeZone = gym?.timeZone || DEFAULT_TIME_ZONE;
  const rules = await cachedBookingRules(site.services, session.gymId);
  const refusal = signupRefusal(rules, session, timeZone);
  // A session of the weeks the site links to may be stored; a far-off date renders without filling the cache.
  if (isStoredDate(session.date, todayIn(timeZone))) acceptCacheParams('slot', 'date');
  showsSessions([session], timeZone, rules);
  const page = {
    found: true as const,
    origin: site.origin,
    session,
    gym: gym ? { id: gym.id, name: gym.name, address: gym.address } : null,
    day: dayLabel(session.date),
    closed: refusal?.text ?? null,
    cancelHours: rules.cancelHours,
    week: isoWeekOf(session.date),
    token: bidFormToken(args.context),
    manage: null as string | null,
  };
  // After a sign-up without JavaScript: this browser's manage link, from its own short-lived cookie. The answer is
  // personal — never stored by the render cache or any shared cache.
  if (args.url.searchParams.has(SIGNUP_STATE_PARAM)) {
    const secret = site.services.sessionSecret;
    const token = await readSignupLinkCookie(secret, args.request);
    if (token) {
      const signup = await findSignupByTokenHash(site.db, hashManageToken(token));
      const matches = signup?.slot_id === session.slotId && signup.session_date === session.date;
      return data(
        { ...page, manage: matches ? managePath(token) : null },
        { headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL, 'Set-Cookie': await clearSignupLinkCookie(secret) } },
      );
    }
  }
  return page;
}

export const action = handleSignupAction;
export const headers = publicPageHeaders;

/** A session that filled up while the visitor typed (409): the page loads again and offers the waiting list. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData?.found) return [{ title: `Занятие не найдено | ${SITE_NAME}` }];
  const { session, day, origin } = loaderData;
  return [
    ...pageMeta({
      title: `Запись: ${session.training.title}, ${day.toLowerCase()}, ${session.start} | ${SITE_NAME}`,
      description: `Запись на занятие «${session.training.title}»: ${day.toLowerCase()}, ${session.start}–${session.end}.`,
      origin,
      path: `/shedule/signup?slot=${session.slotId}&date=${session.date}`,
    }),
    { name: 'robots', content: 'noindex' },
  ];
}

export default function SignupPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <MissingSession
        className="signup"
        title="Занятие не найдено"
        text="Такого занятия нет в расписании. Возможно, его убрали или ссылка неполная."
      />
    );
  }
  const { session, gym, day, closed, week, token, manage: sentManage, cancelHours } = loaderData;
  const full = session.placesLeft === 0;
  const places = placesText(session.placesLeft);
  const where = [gym?.name ?? null, session.room || null].filter(Boolean).join(', ');
  const details = (
    <>
      «{session.training.title}»: {day.toLowerCase()}, {session.start}–{session.end}
      {where ? `, ${where}` : ''}
      {session.coach ? `, тренер ${session.coach.fullName}` : ''}.
    </>
  );
  return (
    <div className="signup">
      <nav className="breadcrumbs" aria-label="Навигационная цепочка">
        <Link to={`/shedule${scheduleSearch({ week, day: session.date })}`}>Расписание</Link> /{' '}
        <span aria-current="page">Запись на занятие</span>
      </nav>
      <Heading level={1}>Запись на занятие</Heading>
      <div className="signup__layout">
        <section className="signup__session" aria-labelledby="signup-session-title">
          <Heading level={2} id="signup-session-title" className="signup__title">
            {session.training.title}
          </Heading>
          {session.status === 'cancelled' ? <p className="badge badge--danger">Отменено</p> : null}
          <dl className="signup__facts">
            <SessionFact icon="calendar" label="Дата">
              {day}
            </SessionFact>
            <SessionFact icon="clock" label="Время">
              {session.start}–{session.end}
              {session.originalStart ? <span className="muted"> (перенесено с {session.originalStart})</span> : null}
            </SessionFact>
            <SessionFact icon="map-pin" label="Где">
              {gym?.name ?? null}
              {session.room ? (
                <>
                  {gym ? ', ' : null}
                  {session.room}
                </>
              ) : null}
              {gym ? <span className="signup__address">{gym.address}</span> : null}
            </SessionFact>
            {session.coach ? (
              <SessionFact icon="user" label="Тренер">
                <Link to={`/coaches/${session.coach.id}`}>{session.coach.fullName}</Link>
              </SessionFact>
            ) : null}
            {places && !closed ? (
              <SessionFact label="Места">
                <span className={full ? 'places places--none' : 'places'}>{places}</span>
              </SessionFact>
            ) : null}
          </dl>
          {session.note ? <p className="session__note">{session.note}</p> : null}
        </section>

        <section className="signup__form" aria-label="Форма записи">
          {closed ? (
            <div className="signup__closed">
              <p role="alert">{closed}</p>
              <p>
                <Link to={`/shedule${scheduleSearch({ week })}`} className="button button--primary">
                  Открыть расписание
                </Link>
              </p>
            </div>
          ) : (
            <BidForm
              formId="signup"
              kind="signup"
              gymId={gym?.id ?? null}
              token={token}
              compact
              title={full ? 'Мест нет — лист ожидания' : 'Записаться'}
              lead={
                full
                  ? 'Все места заняты. Встаньте в лист ожидания: когда место освободится, оно перейдёт к вам само, по очереди, и мы сообщим.'
                  : 'Оставьте имя и телефон — место закрепится за вами сразу.'
              }
              emailField
              sentManage={sentManage}
              hidden={{ slot: String(session.slotId), date: session.date, intent: full ? 'waiting' : 'place' }}
              submitLabel={full ? SUBMIT_LABELS.waiting : SUBMIT_LABELS.place}
              renderSent={(signup, manage, existing) => (
                <>
                  <Heading level={3}>{signup === 'waiting' ? 'Вы в листе ожидания' : 'Вы записаны'}</Heading>
                  {existing ? (
                    <p>
                      {details} С этого номера уже есть запись на это занятие — второе место не занимаем. Ссылка на
                      запись пришла в сообщении о записи; если её нет, позвоните нам.
                    </p>
                  ) : (
                    <p>
                      {details}{' '}
                      {signup === 'waiting'
                        ? 'Если место освободится, оно перейдёт к вам само, по очереди, и мы сообщим.'
                        : `Не получается прийти — отмените запись по ссылке (лучше ${hoursBefore(cancelHours)}), место достанется другому.`}
                    </p>
                  )}
                  {manage && !existing ? (
                    <p className="signup__manage">
                      Сохраните ссылку на вашу запись — по ней можно посмотреть её и отменить:{' '}
                      <a href={manage}>{`${loaderData.origin}${manage}`}</a>
                    </p>
                  ) : null}
                </>
              )}
            />
          )}
        </section>
      </div>
    </div>
  );
}
