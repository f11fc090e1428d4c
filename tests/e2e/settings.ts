/** Where the browser suite's server listens and the staff account it is started with. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ADMIN = { email: 'admin@club.test', password: 'e2e-Admin-password-1' };
