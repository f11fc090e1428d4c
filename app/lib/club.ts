/** Facts about the club network that every layer may read (docs/product/gyms.md). */
export const SITE_NAME = 'Атлетика';

/**
 * A new gym's zone and the calendar of a site without gyms. Staff times use the club network's zone instead
 * (`CLUB_TIME_ZONE`, else the first gym's: docs/product/staff.md, "Times"); a gym's pages use that gym's zone.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/** The active gym before a visitor has chosen one (when it is published). */
export const DEFAULT_GYM_ID = 1;
