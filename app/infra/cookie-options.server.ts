/**
 * `Secure` on every cookie in production. `INSECURE_COOKIES=1` turns it off for a production build served
 * over plain http on localhost (the end-to-end tests); never set it on a real deployment.
 */
export const secureCookies = process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== '1';
