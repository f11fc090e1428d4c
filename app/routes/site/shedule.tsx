import { Form, Link, redirect } from 'react-router';
import { FilterActions, FilterField } from '#app/components/Filters.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { Icon } from '#app/components/Icon.tsx';
import { SessionSignup } from '#app/components/SessionSignup.tsx';
import { SiteLink } from '#app/components/SiteLink.tsx';
import { acceptCacheParams } from '#app/infra/render-cache.server.ts';
import { lastBookableDate } from '#app/lib/booking.ts';
import { gymPhrase, SITE_NAME } from '#app/lib/club.ts';
import { dateTimeFormat, nameWithoutPatronymic } from '#app/lib/format.ts';
import {
  isoWeekday,
  isoWeekOf,
  parseScheduleFilters,
  type Session,
  scheduleSearch,
  sessionProgress,
  shiftWeek,
  TIME_OF_DAY,
  type TimeOfDay,
  timeIn,
  timeOfDayOf,
  WEEKDAY_NAMES,
  WEEKDAY_SHORT,
  weekDates,
  weekStart,
} from '#app/lib/schedule.ts';
import { pageMeta, publicPageHeaders } from '#app/lib/seo.ts';
import { signupClosed } from '#app/lib/signup.ts';
import { levelLabel } from '#app/lib/training-level.ts';
import { listScheduleFilterOptions, listSessions } from '#app/models/schedule.server.ts';
import { cachedBookingRules } from '#app/services/bid-intake.server.ts';
import { cachedPageContent, isStoredWeek, loadSiteContext, showsSessions } from '#app/services/site-page.server.ts';
import { useRootData } from '#app/shell/root-data.ts';
import type { Route } from './+types/shedule';

export async function loader(args: Route.LoaderArgs) {
  const site = await loadSiteContext(args);
  const params = args.url.searchParams;
  const currentWeek = isoWeekOf(site.today);
  const requestedWeek = params.get('week');
  // A malformed week is not an error worth a page: send the visitor to the current one, keeping the filters.
  if (requestedWeek !== null && !weekStart(requestedWeek)) {
    const next = new URLSearchParams(params);
    next.delete('week');
    const search = next.toString();
    throw redirect(`/shedule${search ? `?${search}` : ''}`);
  }
  const week = requestedWeek ?? currentWeek;
  const dates = weekDates(week);
  const filters = parseScheduleFilters(params);
  const query = () =>
    Promise.all([
      listSessions(site.db, { gymId: site.gymId, dates, trendId: filters.trend, coachId: filters.coach }),
      listScheduleFilterOptions(site.db, site.gymId),
    ]);
  // This week without filters is what nearly every visitor sees: kept until the next edit or day.
  const plain = week === currentWeek && filters.trend === null && filters.coach === null;
  const [[sessions, options], rules] = await Promise.all([
    plain ? cachedPageContent(args, site, 'shedule', query) : query(),
    cachedBookingRules(site.services, site.gymId),
  ]);
  const visible = filters.time ? sessions.filter((session) => timeOfDayOf(session.start) === filters.time) : sessions;
  const requestedDay = params.get('day');
  const day =
    requestedDay && dates.includes(requestedDay) ? requestedDay : dates.includes(site.today) ? site.today : dates[0]!;
  // What the render cache may key a stored copy by: the weeks the site links to, filters it offers, days of the week.
  if (requestedWeek !== null && isStoredWeek(week, site.today)) acceptCacheParams('week');
  if (filters.trend !== null && options.trends.some((trend) => trend.id === filters.trend)) acceptCacheParams('trend');
  if (filters.coach !== null && options.coaches.some((coach) => coach.id === filters.coach)) acceptCacheParams('coach');
  if (filters.time !== null) acceptCacheParams('time');
  if (requestedDay !== null && day === requestedDay) acceptCacheParams('day');
  showsSessions(visible, site.timeZone, rules);
  return {
    // Date texts are formatted here once: ICU data differs between Node and browsers (spaces, dashes), and a
    // formatted range rendered on both sides would not hydrate.
    weekLabel: weekRange(dates),
    dayLabels: Object.fromEntries(
      dates.map((date) => [date, { long: dayLabel(date), short: dayLabel(date, { day: 'numeric' }) }]),
    ),
    gym: site.gym,
    origin: site.origin,
    today: site.today,
    // Sessions past the gym's booking window offer no sign-up yet (docs/product/signups.md, "Rules of a gym").
    bookableUntil: lastBookableDate(site.today, rules),
    // The gym-local time: sessions that have started take no more sign-ups.
    now: timeIn(site.timeZone),
    timeZone: site.timeZone,
    week,
    currentWeek,
    dates,
    day,
    filters,
    sessions: visible,
    options,
  };
}

export const headers = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const gym = loaderData?.gym;
  return pageMeta({
    title: `Расписание тренировок${gym ? ` — ${gym.name}` : ''} | ${SITE_NAME}`,
    description: `Расписание групповых тренировок${gym ? ` клуба «${gym.name}»` : ''} на неделю: йога, пилатес, единоборства, танцы, сайкл. Отмены и замены тренеров отмечены.`,
    origin: loaderData?.origin ?? '',
    path: '/shedule',
  });
}

function dayLabel(date: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' }) {
  return dateTimeFormat('ru-RU', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

function weekRange(dates: string[]) {
  const first = new Date(`${dates[0]}T12:00:00Z`);
  const last = new Date(`${dates[6]}T12:00:00Z`);
  return dateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(first, last);
}

const TIME_CHOICES = (Object.keys(TIME_OF_DAY) as TimeOfDay[]).map((key) => ({
  value: key,
  label: TIME_OF_DAY[key].label,
}));

export default function Schedule({ loaderData }: Route.ComponentProps) {
  const { gym, week, currentWeek, dates, day, filters, sessions, options, today, now, weekLabel, dayLabels } =
    loaderData;
  const { bookableUntil } = loaderData;
  const root = useRootData();
  const filterParams = { trend: filters.trend, coach: filters.coach, time: filters.time };
  const link = (values: Record<string, string | number | null>) =>
    `/shedule${scheduleSearch({ ...filterParams, week, ...values })}`;
  const filtered = filters.trend !== null || filters.coach !== null || filters.time !== null;
  const byDate = new Map<string, Session[]>(dates.map((date) => [date, []]));
  for (const session of sessions) byDate.get(session.date)?.push(session);
  const icsHref = `/shedule.ics${scheduleSearch({ gym: gym?.id ?? null, ...filterParams })}`;
  const trends = options.trends.map((trend) => ({ value: String(trend.id), label: trend.title }));
  const coaches = options.coaches.map((coach) => ({ value: String(coach.id), label: coach.fullName }));

  return (
    <div className="schedule">
      <div className="page-head">
        <Heading level={1}>Расписание</Heading>
        <p className="page-head__lead">
          {gym ? (
            <>
              {gymPhrase(gym.name, { atStart: true })}, {gym.address}. Время местное.
            </>
          ) : (
            // Without an active gym there is no gym at all (docs/product/gyms.md): a site that is still being filled.
            'Клубы появятся на сайте совсем скоро, а вместе с ними и расписание.'
          )}
        </p>
      </div>

      <Form method="get" action="/shedule" className="filters" aria-label="Фильтры расписания">
        <input type="hidden" name="week" value={week} />
        <FilterField name="trend" label="Направление" all="Все направления" value={filters.trend} choices={trends} />
        <FilterField name="coach" label="Тренер" all="Все тренеры" value={filters.coach} choices={coaches} />
        <FilterField name="time" label="Время дня" all="Весь день" value={filters.time} choices={TIME_CHOICES} />
        <FilterActions resetTo={filtered ? `/shedule${scheduleSearch({ week })}` : null} />
      </Form>

      <nav className="week-nav" aria-label="Недели">
        <Link to={link({ week: shiftWeek(week, -1), day: null })} className="button button--small" rel="prev">
          <Icon name="chevron-left" size={16} /> Предыдущая неделя
        </Link>
        <p className="week-nav__current" aria-live="polite">
          <strong>{weekLabel}</strong>
          {week === currentWeek ? <span className="badge">Эта неделя</span> : null}
        </p>
        {week !== currentWeek ? (
          <Link to={link({ week: currentWeek, day: null })} className="week-nav__today">
            К текущей неделе
          </Link>
        ) : null}
        <Link to={link({ week: shiftWeek(week, 1), day: null })} className="button button--small" rel="next">
          Следующая неделя <Icon name="chevron-right" size={16} />
        </Link>
      </nav>

      <nav className="day-tabs" aria-label="Дни недели">
        <ul>
          {dates.map((date, index) => (
            <li key={date}>
              <Link
                to={link({ day: date })}
                preventScrollReset
                aria-current={date === day ? 'date' : undefined}
                className={date === day ? 'day-tab day-tab--active' : 'day-tab'}
              >
                <span className="day-tab__name">{WEEKDAY_SHORT[index]}</span>
                <span className="day-tab__date">{dayLabels[date]?.short}</span>
                <span className="visually-hidden">{dayLabels[date]?.long}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {sessions.length === 0 ? (
        <p className="empty">
          {filtered ? 'По выбранным фильтрам на этой неделе занятий нет.' : 'На этой неделе занятий нет.'}{' '}
          {filtered ? <Link to={`/shedule${scheduleSearch({ week })}`}>Показать все занятия</Link> : null}
        </p>
      ) : null}

      <div className="schedule__week">
        {dates.map((date) => {
          const items = byDate.get(date) ?? [];
          const weekday = isoWeekday(date);
          return (
            <section
              key={date}
              className={['schedule__day', date === day ? 'is-selected' : '', date === today ? 'is-today' : ''].join(
                ' ',
              )}
              aria-labelledby={`day-${date}`}
            >
              <Heading level={2} id={`day-${date}`} className="schedule__day-title">
                <span className="schedule__weekday">{WEEKDAY_NAMES[weekday - 1]}</span>
                <span className="schedule__date">
                  <span className="schedule__comma">, </span>
                  {dayLabels[date]?.long}
                </span>
                {date === today ? <span className="badge">Сегодня</span> : null}
              </Heading>
              {items.length ? (
                <ul className="sessions">
                  {items.map((session) => (
                    <SessionItem
                      key={`${session.slotId}-${session.date}`}
                      session={session}
                      open={signupClosed(session, { date: today, time: now }, { lastDate: bookableUntil }) === null}
                      progress={sessionProgress(session, { date: today, time: now })}
                      today={date === today}
                      dayLabel={dayLabels[date]?.long ?? date}
                    />
                  ))}
                </ul>
              ) : (
                <p className="sessions__empty">Занятий нет</p>
              )}
            </section>
          );
        })}
      </div>

      <p className="schedule__feed">
        <Icon name="calendar" size={18} />
        <span>
          <a href={icsHref} download="raspisanie.ics">
            Добавить расписание в календарь телефона
          </a>{' '}
          <span className="muted">(формат iCalendar, обновляется автоматически)</span>
        </span>
      </p>
      {root?.gyms && root.gyms.length > 1 ? (
        <p className="muted">Расписание других клубов — выберите клуб в шапке сайта.</p>
      ) : null}
    </div>
  );
}

/** A session that began: sign-ups closed at its start, and the schedule says why there is no button. */
const PROGRESS_TEXT = { running: 'идёт', over: 'прошло' } as const;

/** What changed on the day, in one short badge; the details follow once, next to the field that changed. */
function changeBadge(session: Session): string | null {
  if (session.status !== 'changed') return null;
  if (session.originalCoach && session.originalStart) return 'Изменение';
  if (session.originalCoach) return 'Замена тренера';
  if (session.originalStart) return 'Перенос';
  return 'Изменение';
}

function SessionItem({
  session,
  open,
  progress,
  today,
  dayLabel,
}: {
  session: Session;
  open: boolean;
  progress: 'running' | 'over' | null;
  /** Today's sessions that began say so («идёт», «прошло»); earlier days are over as a whole. */
  today: boolean;
  dayLabel: string;
}) {
  const cancelled = session.status === 'cancelled';
  const changed = session.status === 'changed';
  const badge = changeBadge(session);
  // A training called like its trend ("Функциональный тренинг") does not repeat the trend underneath.
  const meta = [
    session.trend.title === session.training.title ? null : session.trend.title,
    levelLabel(session.training.level),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      className={[
        'session',
        cancelled ? 'session--cancelled' : '',
        changed ? 'session--changed' : '',
        progress === 'over' ? 'session--over' : '',
      ].join(' ')}
    >
      <p className="session__time">
        {cancelled ? (
          <del>
            {session.start}
            <span className="session__end">–{session.end}</span>
          </del>
        ) : (
          <>
            {session.start}
            <span className="session__end">–{session.end}</span>
          </>
        )}
      </p>
      {session.originalStart ? <p className="session__was">Перенесено с {session.originalStart}</p> : null}
      {cancelled ? <p className="badge badge--danger">Отменено</p> : null}
      {badge ? <p className="badge badge--warning">{badge}</p> : null}
      {progress && today ? <p className="badge badge--muted">{PROGRESS_TEXT[progress]}</p> : null}
      <p className="session__title">
        <SiteLink to={`/trainings/${session.training.id}`}>{session.training.title}</SiteLink>
      </p>
      <p className="session__meta">{meta}</p>
      {session.coach ? (
        <p className="session__coach">
          <Icon name="user" size={14} />{' '}
          <SiteLink to={`/coaches/${session.coach.id}`} title={session.coach.fullName}>
            {nameWithoutPatronymic(session.coach.fullName)}
          </SiteLink>
        </p>
      ) : null}
      {session.originalCoach ? (
        <p className="session__was">По расписанию: {nameWithoutPatronymic(session.originalCoach.fullName)}</p>
      ) : null}
      <p className="session__room">{session.room}</p>
      {session.note ? <p className="session__note">{session.note}</p> : null}
      {open ? <SessionSignup session={session} dayLabel={dayLabel} /> : null}
    </li>
  );
}
