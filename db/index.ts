import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type LogEvent, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from '#db/migrations/index.ts';
import { acquirePgliteLock, type LockOwner } from '#db/pglite-lock.ts';
import type { DB } from '#db/schema.ts';

export type Database = Kysely<DB>;

/**
 * PGlite's PostgreSQL runs inside the server process, so its buffer pool is the server's memory. PostgreSQL's default
 * (128 MB) is sized for a database server; a club's embedded database is tens of MB and the operating system caches
 * its files anyway. 16 MB kept RSS ~100 MB lower, 8 MB another ~10 MB at no measurable cost per page
 * (docs/decisions/0034-v8-heap-sizing.md, addenda 3 and 4).
 */
export const PGLITE_SHARED_BUFFERS = '8MB';

const DATE_OID = 1082;
const INT8_OID = 20;

export interface DbOptions {
  /** `postgres://…`; absent means embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throwaway database. */
  dataDir?: string;
  /**
   * Tests: a `memory://` PGlite starts as a copy of this dump (PGlite's `dumpDataDir`) instead of an empty database,
   * which spares each test file PostgreSQL's initdb and the migrations (tests/integration/global-setup.ts).
   */
  loadDataDir?: Blob;
  /** Who opens a PGlite directory, named in the refusal another process gets meanwhile (db/pglite-lock.ts). */
  lockOwner?: LockOwner;
  /** Pool size for PostgreSQL. */
  max?: number;
  /** Called after every query (used to count queries per request). */
  onQuery?: () => void;
  /**
   * Errors of pooled connections, idle or checked out (e.g. the server restarted); without a listener they would
   * crash the process.
   */
  onPoolError?: (error: Error) => void;
  /** A query or a connection attempt failed (the outage monitor tells an unreachable database from a bad query). */
  onQueryError?: (error: unknown) => void;
  /** A query succeeded (ends an outage); `startedAt` is when it was sent (ms since the epoch). */
  onQuerySuccess?: (startedAt: number) => void;
  /**
   * How the `LISTEN` connection is checked (PostgreSQL): a `SELECT 1` on it every `intervalMs`, which must answer
   * within `timeoutMs`, or the connection counts as lost.
   */
  listenCheck?: { intervalMs: number; timeoutMs: number };
}

/** Defaults of `listenCheck`: a silent connection is noticed within 15 seconds. */
export const LISTEN_CHECK_DEFAULTS = { intervalMs: 10_000, timeoutMs: 5_000 };

export interface DbHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL pool figures (for /metrics); null for PGlite, which has one in-process connection. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * Runs `LISTEN channel` on a dedicated connection; returns an unsubscribe. `onLost` is called when that
   * connection dies (a database restart) or falls silent (a connection dropped without a FIN: a failover, a NAT or
   * firewall forgetting it), after which the caller must listen again.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost?: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// `date` columns stay `YYYY-MM-DD` strings: a JS Date would shift them by the server's time zone.
// `count(*)` (int8) fits easily into a JS number for our tables.
pg.types.setTypeParser(DATE_OID, (value) => value);
pg.types.setTypeParser(INT8_OID, (value) => Number(value));

export async function createDb(options: DbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.max ?? 10,
      // A database that does not answer at all fails the request after this, instead of holding it.
      connectionTimeoutMillis: 5000,
      // TCP keep-alive: the kernel, too, finds out about a connection whose other end is gone.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle client that loses its connection emits 'error' on the pool; unhandled, that would end the process.
    pool.on('error', (error) => options.onPoolError?.(error));
    // pg-pool listens only on idle clients: a checked-out client (a query in flight, the LISTEN connection) that
    // loses its connection would emit an unhandled 'error'. Every client gets a listener of its own.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onPoolError?.(error));
    });
    // Connection attempts go through here, so a refused connect reaches the outage monitor like a failed query.
    const observedPool = {
      async connect() {
        try {
          return await pool.connect();
        } catch (error) {
          options.onQueryError?.(error);
          throw error;
        }
      },
      end: () => pool.end(),
      options: pool.options,
      Client: pg.Client,
    };
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: observedPool }), log: queryLogger(options) });
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async listen(channel, onMessage, onLost) {
        const client = await pool.connect();
        const check = options.listenCheck ?? LISTEN_CHECK_DEFAULTS;
        let released = false;
        let subscribed = false;
        let timer: ReturnType<typeof setInterval> | null = null;
        const handler = (message: pg.Notification) => {
          if (message.channel === channel) onMessage(message.payload ?? '');
        };
        /** pg's client keeps its socket as `connection.stream`; ending the client would wait for an answer. */
        const dropSocket = () =>
          (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        const lost = (error: unknown) => {
          if (released) return;
          released = true;
          if (timer) clearInterval(timer);
          client.off('notification', handler);
          // A silent connection would never close by itself: drop the socket, not only the client.
          dropSocket();
          client.release(error instanceof Error ? error : true);
          // Before the LISTEN is answered the caller learns of it from `listen` itself, which throws.
          if (subscribed) onLost?.(error);
        };
        client.on('notification', handler);
        client.on('error', lost);
        client.on('end', () => lost(new Error('LISTEN connection ended')));
        /** `sql` on this connection, which must answer within the check's timeout or counts as silent. */
        const answered = async (sql: string) => {
          let deadline: ReturnType<typeof setTimeout> | undefined;
          const silent = new Promise<never>((_, reject) => {
            deadline = setTimeout(() => reject(new Error('LISTEN connection silent')), check.timeoutMs);
          });
          try {
            await Promise.race([client.query(sql), silent]);
          } finally {
            clearTimeout(deadline);
          }
        };
        try {
          await answered(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          // Not listening: the connection goes, and the caller tries again later.
          lost(error);
          throw error;
        }
        subscribed = true;
        // A NOTIFY only ever arrives on this connection: it is asked to answer now and then, and one that stays
        // silent counts as lost, so the caches stop trusting it (docs/http-caching.md).
        let checking = false;
        timer = setInterval(() => {
          if (checking || released) return;
          checking = true;
          answered('SELECT 1')
            .catch((error: unknown) => lost(error))
            .finally(() => {
              checking = false;
            });
        }, check.intervalMs);
        timer.unref();
        return async () => {
          if (released) return;
          released = true;
          if (timer) clearInterval(timer);
          client.off('notification', handler);
          try {
            await answered(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
            client.release();
          } catch (error) {
            // A silent connection must not hold a shutdown up.
            dropSocket();
            client.release(error instanceof Error ? error : true);
          }
        };
      },
      close: () => db.destroy(),
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  let releaseLock = () => {};
  if (!dataDir.startsWith('memory://')) {
    fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    releaseLock = acquirePgliteLock(dataDir, options.lockOwner ?? 'скрипт');
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir, {
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      parsers: { [DATE_OID]: (value: string) => value, [INT8_OID]: (value: string) => Number(value) },
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), log: queryLogger(options) });
  return {
    db,
    kind: 'pglite',
    poolStats: () => null,
    async listen(channel, onMessage) {
      return pglite.listen(channel, onMessage);
    },
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      releaseLock();
    },
  };
}

function queryLogger({ onQuery, onQueryError, onQuerySuccess }: DbOptions) {
  if (!onQuery && !onQueryError && !onQuerySuccess) return undefined;
  return (event: LogEvent) => {
    onQuery?.();
    if (event.level === 'error') onQueryError?.(event.error);
    else onQuerySuccess?.(Date.now() - event.queryDurationMillis);
  };
}

/** The migration that creates the schema: applied by this start means the database was created just now. */
export const FIRST_MIGRATION = Object.keys(migrations).sort()[0]!;

export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
