import logoUrl from '#app/assets/favicon.svg?url&no-inline';

/**
 * The club's logo, also the favicon: a hashed build asset under /assets/, so browsers keep it for a year instead of
 * asking again every hour (the public folder's files are cached for an hour only).
 */
export const LOGO_URL: string = logoUrl;
