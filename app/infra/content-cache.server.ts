import { sql } from 'kysely';
import type { Logger } from 'pino';
import { describeDatabaseError, isDatabaseUnavailable } from '#app/infra/database-outage.server.ts';
import type { Database, DbHandle } from '#db/index.ts';

/** PostgreSQL channel on which any instance announces a content change (ADR 2 in docs/decisions). */
export const CACHE_CHANNEL = 'content_changed';

/**
 * A small in-process cache for data every page needs (the gym list). Any staff write calls
 * `announceContentChange`, and every instance drops its cache on the NOTIFY — so all containers see an edit at once.
 */
export function createContentCache(database: DbHandle, logger: Logger, retryMs = 5000) {
  const entries = new Map<string, Promise<unknown>>();
  /** The last value each key loaded: answered only while the database is unreachable. */
  const lastGood = new Map<string, unknown>();
  /** Called whenever the cache is dropped (an edit anywhere, a lost LISTEN connection): the render cache follows. */
  const clearListeners = new Set<() => void>();
  function dropAll() {
    entries.clear();
    for (const listener of clearListeners) listener();
  }
  let listening = false;
  let stopped = false;
  let unlisten: (() => Promise<void>) | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  async function subscribe(): Promise<void> {
    unlisten = await database.listen(
      CACHE_CHANNEL,
      (payload) => {
        logger.debug({ payload }, 'content changed: cache cleared');
        dropAll();
      },
      (error) => {
        // We may have missed a NOTIFY: stop caching until we listen again.
        listening = false;
        unlisten = null;
        dropAll();
        // One line without a stack: an outage is logged in full by the outage monitor.
        logger.warn({ db: describeDatabaseError(error) }, 'lost the LISTEN connection: cache off until it is back');
        scheduleRetry();
      },
    );
    listening = true;
  }

  function scheduleRetry() {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = null;
      try {
        await subscribe();
        logger.info('LISTEN connection restored: cache on');
      } catch {
        scheduleRetry();
      }
    }, retryMs);
    retryTimer.unref?.();
  }

  return {
    async start() {
      if (listening) return;
      stopped = false;
      await subscribe();
    },
    /** Releases the LISTEN connection (the pool cannot close while it is held). */
    async stop() {
      stopped = true;
      listening = false;
      dropAll();
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await unlisten?.();
      unlisten = null;
    },
    /**
     * The cached value, or the loader's result (cached only when it succeeds). While the database cannot be reached
     * the last value loaded is answered instead (docs/security.md, "Database outage"): the header, the footer and
     * the club's phone number stay on the pages that can still be shown. `staleWhileDown: false` (an API that must
     * not pass old data for current) fails instead.
     */
    get<T>(
      key: string,
      load: () => Promise<T>,
      { staleWhileDown = true }: { staleWhileDown?: boolean } = {},
    ): Promise<T> {
      const guarded = () =>
        load().then(
          (value) => {
            lastGood.set(key, value);
            return value;
          },
          (error: unknown) => {
            if (!staleWhileDown || !isDatabaseUnavailable(error) || !lastGood.has(key)) throw error;
            entries.delete(key);
            return lastGood.get(key) as T;
          },
        );
      // Without a listener we cannot hear other instances' edits, so we do not cache at all.
      if (!listening) return guarded();
      let entry = entries.get(key) as Promise<T> | undefined;
      if (!entry) {
        entry = guarded();
        entries.set(key, entry);
        entry.catch(() => entries.delete(key));
      }
      return entry;
    },
    clear() {
      dropAll();
    },
    /** Whether edits on other instances reach us now; while not, nothing may be cached. */
    get listening() {
      return listening;
    },
    /** Runs `listener` every time the cache is dropped; returns the unsubscribe function. */
    onClear(listener: () => void): () => void {
      clearListeners.add(listener);
      return () => clearListeners.delete(listener);
    },
  };
}
export type ContentCache = ReturnType<typeof createContentCache>;

export async function announceContentChange(db: Database, what: string): Promise<void> {
  await sql`SELECT pg_notify(${CACHE_CHANNEL}, ${what})`.execute(db);
}
