import type { Logger } from 'pino';
import { createAdminUnlessExists, hasEnabledStaff } from '#app/auth/accounts.server.ts';
import type { Env } from '#app/infra/env.server.ts';
import type { Database } from '#db/index.ts';

/** With ADMIN_EMAIL and ADMIN_PASSWORD, create that admin unless the email exists; never overwrite (README). */
export async function ensureAdminFromEnv(db: Database, env: Env, logger: Logger): Promise<void> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return;
  // A password shorter than the minimum already stopped the start (parseEnv).
  const email = env.ADMIN_EMAIL.toLowerCase();
  if (await createAdminUnlessExists(db, email, 'Администратор', env.ADMIN_PASSWORD)) {
    logger.info({ email }, 'admin account created from ADMIN_EMAIL');
  }
}

/**
 * How to make the first staff account, when there is none: a site nobody can sign in to is the first thing a new
 * operator meets. Null once an account exists.
 */
export async function noStaffHint(db: Database): Promise<string | null> {
  if (await hasEnabledStaff(db)) return null;
  return (
    'Сотрудников пока нет. Чтобы войти на /login, перезапустите с ADMIN_EMAIL и ADMIN_PASSWORD (не короче 10 символов) ' +
    'или создайте учётную запись: npm run staff -- create you@example.ru --role admin'
  );
}
