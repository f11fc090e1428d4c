import type { Database } from '#db/index.ts';

/** The stored policy row (a singleton), or undefined when the table has none. */
export function getPrivacyPolicy(db: Database) {
  return db
    .selectFrom('privacy_policy')
    .select(['id', 'title', 'body', 'version', 'updated_at'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
