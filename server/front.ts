/**
 * What every request passes before the site (server/app.ts): the request log, the drain's `Connection: close`,
 * metrics, the CSP nonce and security headers, compression, health checks and the image service. Run by Node as
 * TypeScript from server.ts; each protection's rule is in docs/security.md.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import onHeaders from 'on-headers';
import { isDatabaseReady } from '#app/infra/health.server.ts';
import {
  createDiskVariantCache,
  createImageService,
  createStorageVariantCache,
} from '#app/infra/image-service.server.ts';
import { createMetrics } from '#app/infra/metrics.server.ts';
import { createRequestLogger } from '#app/infra/request-log.server.ts';
import { InvalidStorageKeyError } from '#app/infra/storage.server.ts';
import { isStoredImageKey } from '#app/models/image.server.ts';
import { countOutbox } from '#app/models/outbox.server.ts';
import { countOverdueChanges } from '#app/models/scheduled-change.server.ts';
import { MAX_ATTEMPTS } from '#app/services/outbox-worker.server.ts';
import type { Started } from '#server/start.ts';

/** The drain as the front sees it (app/infra/shutdown.server.ts): created after the server listens. */
export interface DrainState {
  readonly draining: boolean;
  connectionCloseMiddleware: express.RequestHandler;
}

/** The Express app with the front's middleware; server.ts adds the static files and the site after it. */
export function createFront(started: Started, drain: () => DrainState) {
  const { env, logger, database, storage, storageKind, dataDir, queryCount, schedulerNow } = started;
  const app = express();
  app.disable('x-powered-by');
  // The client's address, scheme and host come from forwarded headers only through TRUST_PROXY (docs/security.md).
  app.set('trust proxy', env.TRUST_PROXY);

  app.use(createRequestLogger(logger));
  // During a drain every answer closes its connection (app/infra/shutdown.server.ts).
  app.use((req, res, next) => drain().connectionCloseMiddleware(req, res, next));
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
    if (drain().draining) {
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
      storageKind === 's3'
        ? createStorageVariantCache(storage)
        : createDiskVariantCache(path.join(dataDir, 'variants')),
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

  return { app, metrics };
}
