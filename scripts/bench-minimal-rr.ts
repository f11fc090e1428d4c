/**
 * The baseline of `npm run bench`: the smallest React Router server page with one query — Express, compression,
 * a per-request nonce, a hand-written server build with one route whose loader reads the published coaches in one
 * SQL round trip, rendered by `renderToPipeableStream` like the site. What an uncached page of the site costs is
 * compared with this.
 *
 *   DATABASE_URL=postgres://… PORT=3193 node scripts/bench-minimal-rr.ts   (without DATABASE_URL: PGlite in DATA_DIR)
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createRequestHandler } from '@react-router/express';
import { createReadableStreamFromReadable } from '@react-router/node';
import compression from 'compression';
import express from 'express';
import { createElement as h } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Links, Meta, Scripts, type ServerBuild, ServerRouter, useLoaderData } from 'react-router';
import { createDb, migrateToLatest } from '#db/index.ts';

const database = await createDb({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: path.resolve(process.env.DATA_DIR ?? '.bench-minimal', 'pglite'),
});
await migrateToLatest(database.db);

async function loader() {
  const coaches = await database.db
    .selectFrom('coaches')
    .select(['id', 'full_name', 'position'])
    .where('published', '=', true)
    .orderBy('id')
    .limit(50)
    .execute();
  return { coaches };
}

function Root() {
  const { coaches } = useLoaderData<typeof loader>();
  return h(
    'html',
    { lang: 'ru' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Тренеры'), h(Meta), h(Links)),
    h(
      'body',
      null,
      h('h1', null, 'Тренеры'),
      h(
        'ul',
        null,
        coaches.map((coach) =>
          h('li', { key: coach.id }, h('h2', null, coach.full_name), h('p', null, coach.position)),
        ),
      ),
      h(Scripts),
    ),
  );
}

const build = {
  entry: {
    module: {
      default(
        request: Request,
        status: number,
        headers: Headers,
        context: Parameters<typeof ServerRouter>[0]['context'],
      ) {
        return new Promise<Response>((resolve, reject) => {
          const { pipe } = renderToPipeableStream(h(ServerRouter, { context, url: request.url }), {
            onShellReady() {
              const body = new PassThrough();
              headers.set('Content-Type', 'text/html; charset=utf-8');
              pipe(body);
              resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
            },
            onShellError: reject,
          });
        });
      },
    },
  },
  routes: {
    root: { id: 'root', path: '', module: { default: Root, loader } },
  },
  assets: {
    entry: { module: '/entry.js', imports: [] },
    routes: {
      root: {
        id: 'root',
        path: '',
        module: '/root.js',
        hasAction: false,
        hasLoader: true,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: false,
        imports: [],
        css: [],
      },
    },
    url: '/manifest.js',
    version: '1',
  },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
} as unknown as ServerBuild;

const app = express();
app.disable('x-powered-by');
app.use((_req, res, next) => {
  res.locals.nonce = crypto.randomBytes(16).toString('base64');
  next();
});
app.use(compression());
app.get('/readyz', (_req, res) => {
  res.send('ready');
});
app.all('/{*splat}', createRequestHandler({ build, mode: 'production' }));
const server = app.listen(Number(process.env.PORT ?? 3193), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))));
