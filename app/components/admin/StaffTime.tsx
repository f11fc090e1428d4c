import { useEffect, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { DEFAULT_TIME_ZONE } from '#app/lib/club.ts';
import { type StaffClock, staffTime, VIEWER_ZONE_COOKIE } from '#app/lib/staff-time.ts';

/** The staff layout's clock (`layouts/admin` loader), for any component below it. */
interface AdminLayoutData {
  clock: StaffClock;
}

/** Outside the staff layout (never in practice): the network's default calendar. */
const FALLBACK: StaffClock = { network: DEFAULT_TIME_ZONE, viewer: null };

const noSubscription = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;

/**
 * The network's zone and the viewer's. The server knows the viewer's zone only from the `tz` cookie; the first
 * render after the page arrives uses that same value (React's server snapshot), so the browser writes exactly the
 * server's HTML, and React then renders again with the browser's own zone if it differs: no hydration mismatch,
 * and the labels are right even before the cookie exists.
 */
export function useStaffClock(): StaffClock {
  const clock = useRouteLoaderData<AdminLayoutData>('layouts/admin')?.clock ?? FALLBACK;
  const viewer = useSyncExternalStore(noSubscription, browserZone, () => clock.viewer);
  return viewer === clock.viewer ? clock : { ...clock, viewer };
}

/**
 * A moment on a staff page: `<time>` in the zone of the record's gym (`zone`), else the network's, followed by
 * «(Екатеринбург, UTC+5)» when the viewer's clock reads differently (docs/product/staff.md, "Times").
 */
export function StaffTime({ value, zone }: { value: Date | string; zone?: string | null }) {
  const clock = useStaffClock();
  const time = staffTime(value, zone || clock.network, clock.viewer);
  return (
    <>
      <time dateTime={time.iso}>{time.text}</time>
      {time.zone ? <span className="admin-zone"> ({time.zone})</span> : null}
    </>
  );
}

/**
 * Leaves the browser's zone in the `tz` cookie, so the server's next page already labels times for this viewer.
 * Not HttpOnly on purpose: it is set here and says nothing secret.
 */
export function ViewerZoneCookie() {
  useEffect(() => {
    const zone = browserZone();
    if (!zone) return;
    const current = document.cookie.match(new RegExp(`(?:^|; )${VIEWER_ZONE_COOKIE}=([^;]*)`))?.[1];
    if (current && decodeURIComponent(current) === zone) return;
    // biome-ignore lint/suspicious/noDocumentCookie: one plain, non-secret value; the Cookie Store API is not in every browser staff use
    document.cookie = `${VIEWER_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  }, []);
  return null;
}
