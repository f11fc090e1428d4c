import { siteOrigin } from '#app/infra/seo.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { DEFAULT_TIME_ZONE, SITE_NAME } from '#app/lib/club.ts';
import { buildCalendar, zonedTimeToUtc } from '#app/lib/ics.ts';
import { parseId } from '#app/lib/id.ts';
import { addDays, isoWeekOf, parseScheduleFilters, timeOfDayOf, todayIn, weekDates } from '#app/lib/schedule.ts';
import { placesLine, signupHref } from '#app/lib/signup.ts';
import { listSessions } from '#app/models/schedule.server.ts';
import { getActiveGym } from '#app/services/active-gym.server.ts';
import type { Route } from './+types/shedule-ics';

/** How far ahead the feed reaches: this week and the next three. */
const FEED_WEEKS = 4;

/**
 * GET /shedule.ics — the schedule as an iCalendar feed a phone can subscribe to. Calendar apps send no cookies,
 * so the gym comes from `?gym=` (the schedule page puts it in the link), falling back to the cookie and the default.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const services = getServices(context);
  const active = await getActiveGym(context);
  const requested = parseId(url.searchParams.get('gym'));
  const gym = active.gyms.find((candidate) => candidate.id === requested) ?? active.gym;
  const timeZone = gym?.timeZone || DEFAULT_TIME_ZONE;
  const filters = parseScheduleFilters(url.searchParams);
  const monday = weekDates(isoWeekOf(todayIn(timeZone)))[0]!;
  const dates = Array.from({ length: FEED_WEEKS * 7 }, (_, i) => addDays(monday, i));
  const sessions = gym
    ? await listSessions(services.database.db, { gymId: gym.id, dates, trendId: filters.trend, coachId: filters.coach })
    : [];
  const origin = siteOrigin(context, url);
  const host = new URL(origin).hostname;
  const events = sessions
    .filter((session) => !filters.time || timeOfDayOf(session.start) === filters.time)
    .map((session) => {
      const start = zonedTimeToUtc(session.date, session.start, timeZone);
      const durationMs =
        (Number(session.end.slice(0, 2)) * 60 +
          Number(session.end.slice(3)) -
          (Number(session.start.slice(0, 2)) * 60 + Number(session.start.slice(3)))) *
        60_000;
      const cancelled = session.status === 'cancelled';
      const description = [
        session.coach ? `Тренер: ${session.coach.fullName}` : null,
        session.originalCoach ? `Замена тренера. По расписанию: ${session.originalCoach.fullName}` : null,
        `Направление: ${session.trend.title}`,
        session.note || null,
        cancelled ? null : placesLine(session.placesLeft, session.capacity),
        cancelled ? null : `Записаться: ${origin}${signupHref(session.slotId, session.date)}`,
      ]
        .filter(Boolean)
        .join('\n');
      return {
        uid: `slot-${session.slotId}-${session.date}@${host}`,
        start,
        end: new Date(start.getTime() + (durationMs > 0 ? durationMs : durationMs + 86_400_000)),
        summary: session.training.title,
        description,
        location: gym ? `${gym.name}, ${session.room}, ${gym.address}` : session.room,
        url: `${origin}/trainings/${session.training.id}`,
        cancelled,
      };
    });
  const body = buildCalendar({ name: `${SITE_NAME}: ${gym?.name ?? 'расписание'}`, timeZone, events });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="raspisanie.ics"',
      'Cache-Control': 'public, max-age=300, s-maxage=300',
      Vary: 'Cookie',
    },
  });
}
