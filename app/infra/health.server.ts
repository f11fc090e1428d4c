import { sql } from 'kysely';
import type { Database } from '#db/index.ts';

/** `GET /readyz`: true when the database answers `SELECT 1` within the timeout (docs/product/routes.md). */
export async function isDatabaseReady(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      sql`SELECT 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database timeout')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
