/** Facts about the club network that every layer may read (docs/product/gyms.md). */
export const SITE_NAME = 'Атлетика';

/**
 * The network's own calendar: a new gym's zone, staff dates and times, the bid filters and the dashboard's days.
 * A gym's pages use that gym's zone instead.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/** The active gym before a visitor has chosen one (when it is published). */
export const DEFAULT_GYM_ID = 1;
