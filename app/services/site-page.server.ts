import type { RouterContextProvider } from 'react-router';
import { hasSessionCookie } from '#app/auth/session-cookie.server.ts';
import { staffOfRequest } from '#app/auth/staff.server.ts';
import { isDatabaseUnavailable } from '#app/infra/database-outage.server.ts';
import { notFound } from '#app/infra/not-found.server.ts';
import { expireRenderAt } from '#app/infra/render-cache.server.ts';
import { siteOrigin } from '#app/infra/seo.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { addDays, isoWeekOf, shiftWeek, timeIn } from '#app/lib/schedule.ts';
import { PRIVATE_CACHE_CONTROL } from '#app/lib/seo.ts';
import { zonedMoment } from '#app/lib/zoned-time.ts';
import { listSessions } from '#app/models/schedule.server.ts';
import { getActiveGym } from '#app/services/active-gym.server.ts';
import { bidFormToken } from '#app/services/bid-intake.server.ts';
import { trialSessionChoices } from '#app/services/trial-booking.server.ts';
import type { Database } from '#db/index.ts';

/**
 * What every public page needs first: the services, the request's active gym with its zone and local date (resolved
 * once by the root middleware), and the public origin for canonical URLs.
 */
export async function loadSiteContext({ context, url }: { context: Readonly<RouterContextProvider>; url: URL }) {
  const services = getServices(context);
  const active = await getActiveGym(context);
  return {
    services,
    db: services.database.db,
    gyms: active.gyms,
    gym: active.gym,
    gymId: active.id,
    timeZone: active.timeZone,
    today: active.today,
    /** Gym-local date and time: sessions that have started take no more sign-ups (docs/product/signups.md). */
    now: { date: active.today, time: timeIn(active.timeZone) },
    origin: siteOrigin(context, url),
  };
}

/**
 * A page's content queries, kept per gym and date until the next staff edit (the content cache is dropped on every
 * instance by `NOTIFY content_changed`). Only for views whose key is bounded (no free query parameters): a page
 * with filters asks the database. A signed-in staff member always reads the database: the NOTIFY of their own save
 * may still be on its way when their browser asks for the page again. Only a session the database confirms counts
 * (docs/security.md, "Staff sessions and the caches"): a cookie merely named like it changes nothing.
 */
export async function cachedPageContent<T>(
  args: { context: Readonly<RouterContextProvider>; request: Request },
  site: { gymId: number | null; today: string },
  page: string,
  load: () => Promise<T>,
  options?: { staleWhileDown?: boolean },
): Promise<T> {
  if (hasSessionCookie(args.request.headers.get('Cookie')) && (await staffOfRequest(args.context, args.request))) {
    return load();
  }
  return getServices(args.context).cache.get(`page:${page}:${site.gymId ?? '-'}:${site.today}`, load, options);
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Weeks whose schedule may be stored by the render cache (docs/http-caching.md): the week before this one and the
 * four after it, the ones the site links to. Any other week renders for its visitor without filling the cache.
 */
const STORED_WEEKS = { before: 1, after: 4 } as const;

export function isStoredWeek(week: string, today: string): boolean {
  const current = isoWeekOf(today);
  return week >= shiftWeek(current, -STORED_WEEKS.before) && week <= shiftWeek(current, STORED_WEEKS.after);
}

/** A session date a page may be stored for: from today to the end of the last stored week. */
export function isStoredDate(date: string, today: string): boolean {
  return date >= today && isStoredWeek(isoWeekOf(date), today);
}

/**
 * Sessions a page shows with their sign-up links: a stored copy of the page lives only until the next of them
 * closes its sign-ups (the gym's `signupCloseMinutes` before the start), starts or ends — when «Записаться» must go
 * or «идёт» and «прошло» come (docs/http-caching.md, docs/product/signups.md).
 */
export function showsSessions(
  sessions: ReadonlyArray<{ date: string; start: string; end: string }>,
  timeZone: string,
  rules: { signupCloseMinutes: number } = { signupCloseMinutes: 0 },
) {
  const now = Date.now();
  let next = Number.POSITIVE_INFINITY;
  for (const session of sessions) {
    const start = zonedMoment(session.date, session.start, timeZone);
    const moments = [
      start - rules.signupCloseMinutes * 60_000,
      start,
      zonedMoment(session.date, session.end, timeZone),
    ];
    for (const moment of moments) if (moment > now && moment < next) next = moment;
  }
  if (next !== Number.POSITIVE_INFINITY) expireRenderAt(next);
}

/** The 404 of a path nobody can show: `Page not found: {path}`, rendered by the root error page (docs/product/errors.md). */
export function pageNotFound(url: URL): never {
  notFound(`Page not found: ${decodedPath(url.pathname)}`);
}

/** A detail page's `:id`, or its 404. */
export function pageId({ params, url }: { params: { id?: string }; url: URL }): number {
  return parseId(params.id) ?? pageNotFound(url);
}

/** The record a detail page shows, or its 404 when it does not exist or is not published. */
export function foundOr404<T>(record: T | null | undefined, url: URL): T {
  return record ?? pageNotFound(url);
}

/** "This week" as a visitor means it: today and the six days after, so a Sunday visit still shows what comes next. */
export function comingWeek(today: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(today, i));
}

type SiteArgs = Parameters<typeof loadSiteContext>[0] & { params: { id?: string }; request: Request };

/**
 * True when the request comes from signed-in staff, who may preview unpublished records on their public pages
 * (docs/product/staff.md, "Drafts and preview"). Asked only once a published record was not found, so visitors'
 * pages cost no session lookup.
 */
export async function isStaffPreview({
  context,
  request,
}: {
  context: Readonly<RouterContextProvider>;
  request: Request;
}) {
  if (!hasSessionCookie(request.headers.get('Cookie'))) return false;
  return (await staffOfRequest(context, request)) !== null;
}

/** The headers of a page showing a draft to staff: never stored by any cache. */
export const DRAFT_HEADERS = { 'Cache-Control': PRIVATE_CACHE_CONTROL } as const;

/**
 * A detail page with sessions (a coach, a training): its record by `:id` (404 when missing or hidden; staff see a
 * hidden one as a draft, answered privately), that record's sessions in the active gym over the coming week, and what
 * else such a page shows: the gym, the bid form's token, the gym-local time.
 */
export async function loadDetailWithSessions<T extends { published: boolean }>(
  args: SiteArgs,
  find: (db: Database, id: number, drafts?: boolean) => Promise<T | undefined>,
  sessionsOf: (id: number) => { coachId?: number; trainingId?: number },
) {
  const id = pageId(args);
  const site = await loadSiteContext(args);
  const [published, sessions] = await Promise.all([
    find(site.db, id),
    listSessions(site.db, { gymId: site.gymId, dates: comingWeek(site.today), ...sessionsOf(id) }),
  ]);
  const record = foundOr404(
    published ?? ((await isStaffPreview(args)) ? await find(site.db, id, true) : undefined),
    args.url,
  );
  showsSessions(sessions, site.timeZone);
  const page = {
    draft: !record.published,
    sessions,
    // The bid form's «Выбрать занятие»: this record's sessions with places left (docs/product/report.md).
    trialSessions: await trialSessionChoices(site.services, { gymId: site.gymId, timeZone: site.timeZone }, sessions),
    gym: site.gym,
    origin: site.origin,
    token: bidFormToken(args.context),
    now: site.now,
  };
  return { site, record, page, init: record.published ? undefined : { headers: DRAFT_HEADERS } };
}

/**
 * The trial form's «Выбрать занятие» on the home page and `/new`: the gym's sessions of the coming week with places
 * left. A stored copy of the page lives until the next of them closes, starts or ends (`showsSessions`). The week's
 * sessions come from the content cache, like the schedule's (a sign-up that changes places announces itself and
 * drops it: `announceContentChange`); which of them still take a sign-up is decided per request, by the clock.
 */
export async function loadTrialSessions(
  args: { context: Readonly<RouterContextProvider>; request: Request },
  site: Awaited<ReturnType<typeof loadSiteContext>>,
) {
  const gymId = site.gymId;
  if (gymId === null) return [];
  try {
    // While the database is away, no choice rather than places that may be gone (below).
    const sessions = await cachedPageContent(
      args,
      site,
      'trial-sessions',
      () => listSessions(site.db, { gymId, dates: comingWeek(site.today) }),
      { staleWhileDown: false },
    );
    showsSessions(sessions, site.timeZone);
    return await trialSessionChoices(site.services, { gymId: site.gymId, timeZone: site.timeZone }, sessions);
  } catch (error) {
    // The choice is optional: while the database is away the page (its content in memory) is still served, with
    // the form and without the choice, and not stored (docs/security.md, "Database outage").
    if (!isDatabaseUnavailable(error)) throw error;
    expireRenderAt(Date.now());
    return [];
  }
}
