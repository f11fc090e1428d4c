/**
 * Whose clock staff pages read (docs/product/staff.md, "Times"): the club network's zone and the viewer's. Resolved
 * once per staff request by the staff layout's middleware into a context value that loaders, actions and the layout
 * (which hands it to the browser) read.
 */
import { createContext, type RouterContextProvider } from 'react-router';
import type { AppServices } from '#app/infra/load-context.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { isTimeZone, type StaffClock, VIEWER_ZONE_COOKIE } from '#app/lib/staff-time.ts';
import { getPublishedGyms } from '#app/models/gym.server.ts';

/**
 * The network's zone: `CLUB_TIME_ZONE` when set, else the zone of the first gym in display order (most networks are
 * in one city, and the setting then follows the gyms), else `DEFAULT_TIME_ZONE` for a site without gyms. The gym
 * list comes from the content cache: no query on most requests.
 */
export async function networkTimeZone(services: Pick<AppServices, 'env' | 'database' | 'cache'>): Promise<string> {
  if (services.env.CLUB_TIME_ZONE) return services.env.CLUB_TIME_ZONE;
  const [first] = await getPublishedGyms(services);
  return first?.timeZone || DEFAULT_TIME_ZONE;
}

/** The viewer's zone from the `tz` cookie the staff pages' browser code sets; null when absent or not a zone. */
export function viewerTimeZone(request: Request): string | null {
  const cookie = request.headers.get('Cookie') ?? '';
  const raw = cookie.match(new RegExp(`(?:^|;\\s*)${VIEWER_ZONE_COOKIE}=([^;]*)`))?.[1];
  if (!raw) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isTimeZone(zone) ? zone : null;
}

export const staffClockContext = createContext<StaffClock | null>(null);

export async function provideStaffClock(context: Readonly<RouterContextProvider>, request: Request): Promise<void> {
  context.set(staffClockContext, {
    network: await networkTimeZone(getServices(context)),
    viewer: viewerTimeZone(request),
  });
}

export function getStaffClock(context: Readonly<RouterContextProvider>): StaffClock {
  const clock = context.get(staffClockContext);
  if (!clock) throw new Error('No staff clock in context: the staff middleware did not run');
  return clock;
}
