/**
 * The production (and dev) HTTP server: security headers with a per-request CSP nonce, compression,
 * static assets, the image service, health checks and the React Router handler. See README "Architecture".
 */
// First of all: without its memory settings the process restarts itself with them (docs/decisions/0034).
import '#app/infra/restart-with-memory-settings.server.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import onHeaders from 'on-headers';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { createContentCache } from '#app/infra/content-cache.server.ts';
import {
  answerDatabaseOutagesWith503,
  createOutageMonitor,
  isDatabaseUnavailable,
} from '#app/infra/database-outage.server.ts';
import { loadEnv } from '#app/infra/env.server.ts';
import { isDatabaseReady } from '#app/infra/health.server.ts';
import {
  createDiskVariantCache,
  createImageService,
  createStorageVariantCache,
} from '#app/infra/image-service.server.ts';
import { AppLoadContext } from '#app/infra/load-context.server.ts';
import { collectStartupGarbage } from '#app/infra/memory-settings.server.ts';
import { createMetrics } from '#app/infra/metrics.server.ts';
import { createPageCache } from '#app/infra/page-cache.server.ts';
import { createRequestHandler } from '#app/infra/request-handler.server.ts';
import { createRequestLogger } from '#app/infra/request-log.server.ts';
import { loadSessionSecret } from '#app/infra/secret.server.ts';
import { createDrain } from '#app/infra/shutdown.server.ts';
import { exitOnStartupError } from '#app/infra/startup.server.ts';
import { localAddress, say } from '#app/infra/startup-notes.server.ts';
import { createStorageFromEnv, InvalidStorageKeyError } from '#app/infra/storage.server.ts';
import { PUBLIC_BODY_LIMIT, STAFF_BODY_LIMIT } from '#app/lib/body-limits.ts';
import { isStoredImageKey } from '#app/models/image.server.ts';
import { countOutbox } from '#app/models/outbox.server.ts';
import { countOverdueChanges } from '#app/models/scheduled-change.server.ts';
import { resolveActiveGym } from '#app/services/active-gym.server.ts';
import { ensureAdminFromEnv, noStaffHint } from '#app/services/admin-bootstrap.server.ts';
import { issueBidToken } from '#app/services/bid-token.server.ts';
import { prepareDatabase } from '#app/services/database-setup.server.ts';
import { startHousekeeping } from '#app/services/housekeeping.server.ts';
import { MAX_ATTEMPTS, startOutboxWorker } from '#app/services/outbox.server.ts';
import { schedulerClock, startScheduledChanges } from '#app/services/scheduled-changes.server.ts';
import { isSignedInStaff, sessionRules } from '#app/services/session.server.ts';
import { rekeyLegacyRecoveryCodes } from '#app/services/two-factor.server.ts';
import { createDb } from '#db/index.ts';

const dev = process.argv.includes('--dev');
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
// default handler, so without this a SIGTERM would be ignored until the drain below takes over. Each migration runs
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
  const script = fileURLToPath(new URL('./scripts/create-embedded-database.ts', import.meta.url));
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

const startedAt = Date.now();
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
const scheduler = startScheduledChanges({ db: database.db, logger, pollMs: env.SCHEDULER_POLL_MS, now: schedulerNow });

// ---------------------------------------------------------------------------------------------
const app = express();
app.disable('x-powered-by');
// The client's address, scheme and host come from forwarded headers only through TRUST_PROXY (docs/security.md).
app.set('trust proxy', env.TRUST_PROXY);

app.use(createRequestLogger(logger));
// During a drain every answer closes its connection (app/infra/shutdown.server.ts).
app.use((req, res, next) => drain.connectionCloseMiddleware(req, res, next));
// Prometheus metrics (app/infra/metrics.server.ts): counted always, served only with METRICS_TOKEN.
const metrics = createMetrics({
  token: env.METRICS_TOKEN,
  sources: {
    poolStats: () => database.poolStats(),
    outbox: () => countOutbox(database.db, MAX_ATTEMPTS),
    overdueScheduledChanges: () => countOverdueChanges(database.db, schedulerNow()),
  },
});
if (metrics.enabled) {
  app.use(metrics.middleware);
  app.get('/metrics', metrics.handler);
}

app.use((_req, res, next) => {
  res.locals.nonce = crypto.randomBytes(16).toString('base64');
  next();
});

if (process.env.EXPOSE_QUERY_COUNT === '1') {
  app.use((_req, res, next) => {
    const store = { count: 0 };
    onHeaders(res, () => res.setHeader('X-Db-Queries', String(store.count)));
    queryCount.run(store, next);
  });
}

const yandexMaps = env.YANDEX_MAPS_API_KEY
  ? ['https://api-maps.yandex.ru', 'https://*.maps.yandex.net', 'https://yandex.ru', 'https://*.yandex.ru']
  : [];
const yandexMetrika = env.YANDEX_METRIKA_ID ? ['https://mc.yandex.ru', 'https://mc.yandex.com'] : [];
const s3Images = env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [];

app.use(
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`,
          ...yandexMaps,
          ...yandexMetrika,
        ],
        styleSrc: ["'self'", "'unsafe-inline'", ...yandexMaps],
        imgSrc: ["'self'", 'data:', 'blob:', ...yandexMaps, ...yandexMetrika, ...s3Images],
        connectSrc: ["'self'", ...yandexMaps, ...yandexMetrika],
        frameSrc: [...yandexMaps, ...yandexMetrika].length ? [...yandexMaps, ...yandexMetrika] : ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: env.NODE_ENV === 'production' ? [] : null,
      },
    },
    // `no-referrer` makes Chromium send `Origin: null` on form posts, which React Router's CSRF check refuses.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: env.NODE_ENV === 'production',
    crossOriginEmbedderPolicy: false,
  }),
);
app.use(compression());

app.get('/healthz', (_req, res) => {
  res.type('text/plain').set('Cache-Control', 'no-store').send('ok');
});
app.get('/readyz', async (_req, res) => {
  res.set('Cache-Control', 'no-store');
  if (drain.draining) {
    res.status(503).type('text/plain').send('shutting down');
  } else if (await isDatabaseReady(database.db)) {
    res.type('text/plain').send('ready');
  } else {
    // The outage itself is logged once by the outage monitor, not on every probe.
    res.status(503).type('text/plain').send('database unavailable');
  }
});

// The image service (docs/product/images.md): `/imgs/<key>` is the original from the storage root,
// `/_img/f_webp,w_<width>/imgs/<key>` a WebP variant at a product width, made once and then served from its cache.
/** The stored original for `imgs/<key>`; null for a missing or unsafe key (never a 500). */
async function readImage(key: string): Promise<Buffer | null> {
  try {
    return await storage.get(key);
  } catch (error) {
    if (!(error instanceof InvalidStorageKeyError)) logger.warn({ err: error, key }, 'image read failed');
    return null;
  }
}
// sharp loads on the first image job, with one libvips thread (app/infra/sharp.server.ts).
const imageService = createImageService({
  storage,
  cache:
    storageKind === 's3' ? createStorageVariantCache(storage) : createDiskVariantCache(path.join(dataDir, 'variants')),
  isKnownImage: (key) => isStoredImageKey(database.db, key),
  logger,
});
app.get('/_img/:modifiers/imgs/{*key}', imageService.handle);
app.get('/imgs/{*key}', async (req, res) => {
  const key = ([] as string[]).concat(req.params.key ?? []).join('/');
  if (env.S3_PUBLIC_URL && storageKind === 's3') {
    res.redirect(301, `${env.S3_PUBLIC_URL.replace(/\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`);
    return;
  }
  const bytes = await readImage(key);
  if (!bytes) {
    res.status(404).type('text/plain').send('Not found');
    return;
  }
  res.type(path.extname(key)).set('Cache-Control', 'public, max-age=31536000, immutable').send(bytes);
});

// ---------------------------------------------------------------------------------------------
// Every route's loader, action and middleware answers an unreachable database with a 503 (database-outage.server.ts).
let build: ServerBuild | (() => Promise<ServerBuild>);
if (dev) {
  const vite = await import('vite');
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  build = async () =>
    answerDatabaseOutagesWith503((await viteServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild);
} else {
  const buildPath = path.resolve('build/server/index.js');
  if (!fs.existsSync(buildPath)) {
    logger.fatal('No build found: run `npm run build` first (`npm start` does it for you).');
    process.exit(1);
  }
  build = answerDatabaseOutagesWith503((await import(buildPath)) as ServerBuild);
  metrics.setRoutes(build.routes);
  // Hashed file names never change their content: cache them for a year.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }));
  // The other public files (icons.svg, images/…) all have an extension: pages skip the file-system lookup.
  const publicFiles = express.static('build/client', { maxAge: '1h', index: false });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
}

const buildId = typeof build === 'function' ? 'dev' : build.assets.version;
/**
 * The site stylesheet's text (app/app.css, exported by app/entry.server.tsx), so that answers sent before React Router
 * look like the error page.
 */
function siteStylesOf(serverBuild: ServerBuild): string {
  const styles = (serverBuild.entry.module as { siteStyles?: unknown }).siteStyles;
  return typeof styles === 'string' ? styles : '';
}

// Public pages from memory, with a fresh nonce and bid token per answer (docs/http-caching.md).
const rules = sessionRules(env);
app.use(
  createPageCache({
    enabled: env.RENDER_CACHE === 'on' && !dev,
    maxEntries: env.RENDER_CACHE_MAX_ENTRIES,
    maxBytes: env.RENDER_CACHE_MAX_MB * 1024 * 1024,
    cache,
    publicUrl: env.PUBLIC_URL,
    routes: typeof build === 'function' ? undefined : build.routes,
    logger,
    // Only a session the database confirms passes it by (docs/security.md, "Staff sessions and the caches").
    isStaff: (cookie) => isSignedInStaff(database.db, cookie, sessionSecret, rules),
    // The active gym as the pages resolve it, from the `gym` cookie (the only part of the request it reads).
    gymOf: async (cookie) =>
      resolveActiveGym({ database, cache }, { headers: new Headers(cookie ? { cookie } : {}) } as Request),
    issueToken: () => issueBidToken(sessionSecret),
  }).middleware,
);

app.all(
  '/{*splat}',
  createRequestHandler({
    build,
    mode: dev ? 'development' : 'production',
    // Request bodies are counted as they arrive (docs/security.md, "Request bodies").
    bodyLimit: (req) => (/^\/admin(\/|$)/.test(req.path) ? STAFF_BODY_LIMIT : PUBLIC_BODY_LIMIT),
    publicUrl: env.PUBLIC_URL,
    styles: typeof build === 'function' ? '' : siteStylesOf(build),
    onBodyRefused: (req, error) => req.log.warn({ reason: error.reason }, 'request body over the limit: 413'),
    getLoadContext(req, res) {
      return new AppLoadContext(
        { env, database, storage, cache, logger, sessionSecret, buildId },
        { id: String(req.id), nonce: res.locals.nonce, logger: req.log, ip: req.ip ?? null },
      );
    },
  }),
);

// Start-up's garbage (PGlite's module bytes and compilation memory, a first start's initdb and seed) goes now, not
// at some later full collection that a busy server seldom needs (ADR 34, addendum 3).
collectStartupGarbage();
const server = app.listen(env.PORT, env.HOST, () => {
  logger.info(
    { port: env.PORT, host: env.HOST, database: database.kind, storage: storageKind, ms: Date.now() - startedAt },
    'listening',
  );
  say(`Готово: ${localAddress(env.HOST, env.PORT)} (сотрудники входят на /login)`);
});

// SIGTERM drains (app/infra/shutdown.server.ts, docs/decisions/0021): readiness 503 first, then the connections.
const drain = createDrain({
  server,
  logger,
  readinessDelayMs: env.SHUTDOWN_READINESS_DELAY_MS,
  timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  async stopWork() {
    await housekeeping.stop();
    await scheduler.stop().catch((err) => logger.error({ err }, 'stopping the scheduler failed'));
    await outbox.stop().catch((err) => logger.error({ err }, 'stopping the outbox worker failed'));
    await cache.stop().catch((err) => logger.error({ err }, 'stopping the cache listener failed'));
  },
  closeDatabase: () => database.close(),
});
process.off('SIGTERM', stopDuringStartup);
process.off('SIGINT', stopDuringStartup);
process.on('SIGTERM', () => void drain.start('SIGTERM'));
process.on('SIGINT', () => void drain.start('SIGINT'));
