import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from '#db/migrations/index.ts';
import type { DB } from '#db/schema.ts';

export type Database = Kysely<DB>;

const DATE_OID = 1082;
const INT8_OID = 20;

export interface DbOptions {
  /** `postgres://…`; absent means embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throwaway database. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  max?: number;
  /** Called after every query (used to count queries per request). */
  onQuery?: () => void;
  /** Errors of idle pooled connections (e.g. the server restarted); without a listener they would crash the process. */
  onPoolError?: (error: Error) => void;
}

export interface DbHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /**
   * Runs `LISTEN channel` on a dedicated connection; returns an unsubscribe. `onLost` is called when that
   * connection dies (a database restart), after which the caller must listen again.
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
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.max ?? 10 });
    // An idle client that loses its connection emits 'error' on the pool; unhandled, that would end the process.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: queryLogger(options) });
    return {
      db,
      kind: 'postgres',
      async listen(channel, onMessage, onLost) {
        const client = await pool.connect();
        let released = false;
        const handler = (message: pg.Notification) => {
          if (message.channel === channel) onMessage(message.payload ?? '');
        };
        const lost = (error: unknown) => {
          if (released) return;
          released = true;
          client.off('notification', handler);
          client.release(error instanceof Error ? error : true);
          onLost?.(error);
        };
        client.on('notification', handler);
        client.on('error', lost);
        client.on('end', () => lost(new Error('LISTEN connection ended')));
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          if (released) return;
          released = true;
          client.off('notification', handler);
          await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
          client.release();
        };
      },
      close: () => db.destroy(),
    };
  }

  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    parsers: { [DATE_OID]: (value: string) => value, [INT8_OID]: (value: string) => Number(value) },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), log: queryLogger(options) });
  return {
    db,
    kind: 'pglite',
    async listen(channel, onMessage) {
      return pglite.listen(channel, onMessage);
    },
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

function queryLogger({ onQuery }: DbOptions) {
  return onQuery ? () => onQuery() : undefined;
}

export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
