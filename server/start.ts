/**
 * The server's start-up (server.ts runs it before it builds the HTTP app): settings, the database and its
 * preparation, the first staff account, the session secret, the content cache and the background workers. Run by
 * Node as TypeScript, like server.ts; what serves requests is server/front.ts and server/app.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { ensureAdminFromEnv, noStaffHint } from '#app/auth/admin-bootstrap.server.ts';
import { rekeyLegacyRecoveryCodes } from '#app/auth/two-factor.server.ts';
import { createContentCache } from '#app/infra/content-cache.server.ts';
import { createOutageMonitor, isDatabaseUnavailable } from '#app/infra/database-outage.server.ts';
import { loadEnv } from '#app/infra/env.server.ts';
import { loadSessionSecret } from '#app/infra/secret.server.ts';
import { exitOnStartupError } from '#app/infra/startup.server.ts';
import { say } from '#app/infra/startup-notes.server.ts';
import { createStorageFromEnv } from '#app/infra/storage.server.ts';
import { prepareDatabase } from '#app/services/database-setup.server.ts';
import { startHousekeeping } from '#app/services/housekeeping.server.ts';
import { startOutboxWorker } from '#app/services/outbox-worker.server.ts';
import { schedulerClock, startScheduledChanges } from '#app/services/scheduled-changes.server.ts';
import { createDb } from '#db/index.ts';

/** What start-up made: the long-lived services the HTTP app and the drain use. */
export type Started = Awaited<ReturnType<typeof start>>;

/**
 * Starts everything but the HTTP server. A SIGTERM or SIGINT meanwhile ends the process at once (see below) until
 * `startupOver()`, after which the caller's drain takes over.
 */
export async function start() {
  const startedAt = Date.now();
  // Settings first: a bad one stops here with one line per problem, before the database is touched.
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL, base: { service: 'sports-club' } });

  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  if (env.TRUST_PROXY !== false && !env.PUBLIC_URL) {
    // Without PUBLIC_URL a forwarded host is never believed (docs/security.md, "Public origin"): behind a proxy that
    // rewrites Host, links and form checks would use the proxy's name for the site.
    logger.warn('TRUST_PROXY is set without PUBLIC_URL: page addresses come from the Host header; set PUBLIC_URL');
  }

  // A stop during start-up (migrations, the demo seed) ends the process at once: as a container's PID 1 Node has no
  // default handler, so without this a SIGTERM would be ignored until the drain takes over. Each migration runs
  // in its own transaction, so an interrupted one leaves nothing half-applied.
  /** The child creating the embedded database on a first start (createEmbeddedDatabase below), while it runs. */
  let startupChild: ChildProcess | null = null;
  const stopDuringStartup = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'stopped during start-up');
    if (!startupChild) process.exit(0);
    // The database is being created: that stops too (it holds the PGlite directory), then this process.
    startupChild.removeAllListeners('exit');
    startupChild.once('exit', () => process.exit(0));
    startupChild.kill(signal);
  };
  process.on('SIGTERM', stopDuringStartup);
  process.on('SIGINT', stopDuringStartup);

  /** Runs scripts/create-embedded-database.ts and waits for it; its failure (already printed) ends this start too. */
  function createEmbeddedDatabase(): Promise<void> {
    const script = fileURLToPath(new URL('../scripts/create-embedded-database.ts', import.meta.url));
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [script], { stdio: 'inherit' });
      startupChild = child;
      child.on('exit', (code, signal) => {
        startupChild = null;
        if (code === 0) return resolve();
        logger.fatal({ code, signal }, 'creating the embedded database failed');
        process.exit(code || 1);
      });
    });
  }

  const outage = createOutageMonitor(logger);
  const dataDir = path.resolve(env.DATA_DIR);
  // Counts SQL round trips per request; `EXPOSE_QUERY_COUNT=1` sends it as `X-Db-Queries` (used by `npm run bench`).
  const queryCount = new AsyncLocalStorage<{ count: number }>();
  if (!env.DATABASE_URL && !fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    say('Создаю базу данных…');
    // Created and filled by a child process, whose leftover memory ends with it (scripts/create-embedded-database.ts).
    await createEmbeddedDatabase();
  }
  const database = await createDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(dataDir, 'pglite'),
    onQuery: () => {
      const store = queryCount.getStore();
      if (store) store.count += 1;
    },
    // A database outage is logged once when it starts and once when it ends (docs/security.md, "Database outage").
    onPoolError: (error) => {
      if (isDatabaseUnavailable(error)) outage.failed(error);
      else logger.warn({ err: error }, 'database connection failed');
    },
    onQueryError: (error) => outage.failed(error),
    onQuerySuccess: (startedAt) => outage.succeeded(startedAt),
    listenCheck: { intervalMs: env.LISTEN_CHECK_MS, timeoutMs: env.LISTEN_TIMEOUT_MS },
    lockOwner: 'сервер',
  }).catch(exitOnStartupError);
  const { storage, kind: storageKind } = createStorageFromEnv(env, dataDir);
  await prepareDatabase(database, { env, storage, logger });
  await ensureAdminFromEnv(database.db, env, logger);
  const staffHint = await noStaffHint(database.db);
  if (staffHint) {
    logger.warn('no staff account yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run npm run staff -- create');
    say(staffHint);
  }
  const sessionSecret = loadSessionSecret(env, dataDir);
  // Recovery codes stored before they were keyed get their keyed form (docs/staff-auth.md, "How secrets are stored").
  const rekeyedCodes = await rekeyLegacyRecoveryCodes(database.db, sessionSecret);
  if (rekeyedCodes) logger.info({ rekeyedCodes }, 'recovery codes re-keyed');
  // After a lost LISTEN connection, listening again is tried this often (the check's interval, at most 5 s).
  const cache = createContentCache(database, logger, Math.min(5000, env.LISTEN_CHECK_MS));
  await cache.start();
  // New-bid e-mail/webhook notifications (off unless SMTP_URL+BIDS_NOTIFY_EMAIL or BIDS_WEBHOOK_URL is set).
  const outbox = startOutboxWorker({ env, database, logger, sessionSecret });
  // Expired rate-limit windows, sessions, sign-in challenges and old content versions go every ten minutes.
  const housekeeping = startHousekeeping({ db: database.db, logger, revisionsKeepDays: env.REVISIONS_KEEP_DAYS });
  // Scheduled publications and versions (docs/product/scheduling.md): every instance polls, each change applies once.
  const schedulerNow = schedulerClock(env.TEST_CLOCK_FILE);
  const scheduler = startScheduledChanges({
    db: database.db,
    logger,
    pollMs: env.SCHEDULER_POLL_MS,
    now: schedulerNow,
  });

  return {
    startedAt,
    env,
    logger,
    dataDir,
    database,
    storage,
    storageKind,
    sessionSecret,
    cache,
    queryCount,
    schedulerNow,
    /** Start-up is over: a signal now drains (the caller's handlers) instead of ending the process at once. */
    startupOver() {
      process.off('SIGTERM', stopDuringStartup);
      process.off('SIGINT', stopDuringStartup);
    },
    /** Stops the background work, for the drain (app/infra/shutdown.server.ts). */
    async stopWork() {
      await housekeeping.stop();
      await scheduler.stop().catch((err) => logger.error({ err }, 'stopping the scheduler failed'));
      await outbox.stop().catch((err) => logger.error({ err }, 'stopping the outbox worker failed'));
      await cache.stop().catch((err) => logger.error({ err }, 'stopping the cache listener failed'));
    },
  };
}
