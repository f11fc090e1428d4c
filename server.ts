/**
 * The server process, production and development (`--dev`): start-up (server/start.ts), the front every request
 * passes (server/front.ts), static files (production) or Vite (development), the site (server/app.ts, which Vite
 * builds with the routes), then listening and the drain on SIGTERM. See README "Architecture" and
 * docs/decisions/0052-the-site-as-the-server-build.md.
 */
// First of all: without its memory settings the process restarts itself with them (docs/decisions/0034).
import '#app/infra/restart-with-memory-settings.server.ts';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { collectStartupGarbage } from '#app/infra/memory-settings.server.ts';
import { precompressedAssets } from '#app/infra/precompressed-assets.server.ts';
import { createDrain } from '#app/infra/shutdown.server.ts';
import { localAddress, say } from '#app/infra/startup-notes.server.ts';
import { createFront } from '#server/front.ts';
import { start } from '#server/start.ts';

type Site = typeof import('#server/app.ts');

const dev = process.argv.includes('--dev');
const started = await start();
const { env, logger, database } = started;
const { app, metrics } = createFront(started, () => drain);
const services = {
  env,
  database,
  storage: started.storage,
  cache: started.cache,
  logger,
  sessionSecret: started.sessionSecret,
};

if (dev) {
  const vite = await import('vite');
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  // The site module as Vite has it now: a changed route makes a new module, and so a new site.
  const sites = new WeakMap<Site, express.RequestHandler>();
  app.use(async (req, res, next) => {
    try {
      const site = (await viteServer.ssrLoadModule('/server/app.ts')) as Site;
      if (!sites.has(site)) sites.set(site, express.Router().use(site.createSite(services)));
      sites.get(site)!(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const buildPath = path.resolve('build/server/index.js');
  if (!fs.existsSync(buildPath)) {
    logger.fatal('No build found: run `npm run build` first (`npm start` does it for you).');
    process.exit(1);
  }
  const site = (await import(buildPath)) as Site;
  metrics.setRoutes(site.routes);
  // Hashed file names never change their content: cache them for a year. Sent as compressed at build time where the
  // browser takes it (ADR 55).
  app.use('/assets', precompressedAssets('build/client/assets', { immutable: true, maxAge: '1y', index: false }));
  // The other public files (icons.svg, images/…) all have an extension: pages skip the file-system lookup.
  const publicFiles = express.static('build/client', { maxAge: '1h', index: false });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  app.use(site.createSite(services));
}

// Start-up's garbage (PGlite's module bytes and compilation memory, a first start's initdb and seed) goes now, not
// at some later full collection that a busy server seldom needs (ADR 34, addendum 3).
collectStartupGarbage();
const server = app.listen(env.PORT, env.HOST, () => {
  logger.info(
    {
      port: env.PORT,
      host: env.HOST,
      database: database.kind,
      storage: started.storageKind,
      ms: Date.now() - started.startedAt,
    },
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
  stopWork: started.stopWork,
  closeDatabase: () => database.close(),
});
started.startupOver();
process.on('SIGTERM', () => void drain.start('SIGTERM'));
process.on('SIGINT', () => void drain.start('SIGINT'));
