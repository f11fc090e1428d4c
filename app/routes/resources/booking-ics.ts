import { siteOrigin } from '#app/infra/seo.server.ts';
import { buildCalendar } from '#app/lib/ics.ts';
import { bookingOfToken, PERSONAL_HEADERS } from '#app/services/booking-page.server.ts';
import type { Route } from './+types/booking-ics';

/**
 * GET /b/:token/booking.ics — this one booking as a calendar event. A cancelled booking (or session) is
 * `STATUS:CANCELLED` with a raised SEQUENCE (the sign-up's version), so a calendar app that imported it replaces it.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const view = await bookingOfToken(context, params.token);
  const origin = siteOrigin(context, url);
  const start = view.startsAt ?? new Date(`${view.date}T00:00:00Z`);
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const end = new Date(start.getTime() + Math.max(0, minutes(view.end) - minutes(view.start)) * 60_000);
  const cancelled = view.state === 'cancelled' || view.sessionCancelled;
  const body = buildCalendar({
    name: view.trainingTitle,
    timeZone: view.timeZone,
    events: [
      {
        uid: `booking-${view.id}@${new URL(origin).hostname}`,
        start,
        end,
        summary: view.trainingTitle,
        description: `Ваша запись: ${origin}/b/${params.token}`,
        location: [view.gymName, view.room || null, view.gymAddress].filter(Boolean).join(', '),
        url: `${origin}/b/${params.token}`,
        cancelled,
        sequence: view.version,
      },
    ],
  });
  return new Response(body, {
    headers: {
      ...PERSONAL_HEADERS,
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="booking.ics"',
    },
  });
}
