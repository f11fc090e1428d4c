import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Env } from '#app/infra/env.server.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from '#app/infra/password.server.ts';
import type { DB } from '#db/schema.ts';

/** SPEC §2: with ADMIN_EMAIL and ADMIN_PASSWORD, create that admin unless the email exists; never overwrite. */
export async function ensureAdminFromEnv(db: Kysely<DB>, env: Env, logger: Logger): Promise<void> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return;
  const email = env.ADMIN_EMAIL.toLowerCase();
  if (env.ADMIN_PASSWORD.length < MIN_PASSWORD_LENGTH) {
    logger.warn(`ADMIN_PASSWORD is shorter than ${MIN_PASSWORD_LENGTH} characters: the account was not created`);
    return;
  }
  const inserted = await db
    .insertInto('staff_users')
    .values({ email, name: 'Администратор', password_hash: await hashPassword(env.ADMIN_PASSWORD), role: 'admin' })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) logger.info({ email }, 'admin account created from ADMIN_EMAIL');
}
