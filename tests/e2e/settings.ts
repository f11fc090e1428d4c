/** Where the browser suite's server listens and the staff account it is started with. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ADMIN = { email: 'admin@club.test', password: 'e2e-Admin-password-1' };
/**
 * The bid forms' minimum fill time on the suite's servers (`BID_MIN_FILL_MS`), shorter than the 2.5 s default so that
 * a test sending a form waits 1 s, not 2.5: a form sent at once, as a bot does, is still refused. The default itself
 * is tested in tests/unit/site-phone-and-bid-schema.test.ts.
 */
export const E2E_BID_MIN_FILL_MS = 1_000;
