import type { Logger } from 'pino';
import type { Env } from '#app/infra/env.server.ts';
import { MIN_PASSWORD_LENGTH } from '#app/infra/password.server.ts';
import { createAdminUnlessExists } from '#app/models/staff.server.ts';
import type { Database } from '#db/index.ts';

/** With ADMIN_EMAIL and ADMIN_PASSWORD, create that admin unless the email exists; never overwrite (README). */
export async function ensureAdminFromEnv(db: Database, env: Env, logger: Logger): Promise<void> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return;
  const email = env.ADMIN_EMAIL.toLowerCase();
  if (env.ADMIN_PASSWORD.length < MIN_PASSWORD_LENGTH) {
    logger.warn(`ADMIN_PASSWORD is shorter than ${MIN_PASSWORD_LENGTH} characters: the account was not created`);
    return;
  }
  if (await createAdminUnlessExists(db, email, 'Администратор', env.ADMIN_PASSWORD)) {
    logger.info({ email }, 'admin account created from ADMIN_EMAIL');
  }
}
