/** `/metrics` (app/infra/metrics.server.ts): Prometheus text behind a Bearer token, route patterns as labels. */
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, createRoutePatternMatcher } from '#app/infra/metrics.server.ts';
import { countOutbox } from '#app/models/outbox.server.ts';
import { MAX_ATTEMPTS } from '#app/services/outbox-worker.server.ts';
import { openTestDb, type TestDb } from '#tests/integration/db-harness.ts';

const TOKEN = 'metrics-token-0123456789';
// The shape of React Router's build manifest: the root, a pathless layout and pages below it.
const ROUTES = {
  root: { id: 'root', path: '', module: {} },
  'layouts/default': { id: 'layouts/default', parentId: 'root', module: {} },
  'routes/site/home': { id: 'routes/site/home', parentId: 'layouts/default', index: true, module: {} },
  'routes/site/coach': { id: 'routes/site/coach', parentId: 'layouts/default', path: 'coaches/:id', module: {} },
  'layouts/admin': { id: 'layouts/admin', parentId: 'root', path: 'admin', module: {} },
  'routes/admin/edit': { id: 'routes/admin/edit', parentId: 'layouts/admin', path: 'gyms/:id', module: {} },
  'routes/site/not-found': { id: 'routes/site/not-found', parentId: 'root', path: '*', module: {} },
} as unknown as ServerBuild['routes'];

describe('route patterns', () => {
  it('labels a request by the pattern React Router matches', () => {
    const match = createRoutePatternMatcher(ROUTES);
    expect(match('/')).toBe('/');
    expect(match('/coaches/42')).toBe('/coaches/:id');
    expect(match('/admin/gyms/7')).toBe('/admin/gyms/:id');
    expect(match('/wp-login.php')).toBe('/*');
  });
});

describe('/metrics', () => {
  let testDb: TestDb;
  let base: string;
  let close: () => void;

  beforeAll(async () => {
    testDb = await openTestDb('pglite');
    await testDb.db
      .insertInto('outbox')
      .values([
        { channel: 'email', payload: '{}', attempts: 1 },
        { channel: 'email', payload: '{}', attempts: MAX_ATTEMPTS },
      ])
      .execute();
    const metrics = createMetrics({
      token: TOKEN,
      sources: {
        poolStats: () => ({ total: 3, idle: 2, waiting: 0 }),
        outbox: () => countOutbox(testDb.db, MAX_ATTEMPTS),
      },
    });
    metrics.setRoutes(ROUTES);
    const app = express();
    app.use(metrics.middleware);
    app.get('/metrics', metrics.handler);
    app.get('/{*splat}', (req, res) => {
      // Pages answer as the render cache marks them; `/login` plays a rate-limited sign-in.
      if (req.path === '/login') {
        res.status(429).send('wait');
        return;
      }
      if (req.path.startsWith('/coaches/')) res.setHeader('X-Render-Cache', req.path === '/coaches/1' ? 'miss' : 'hit');
      res.status(req.path.startsWith('/coaches/') ? 200 : 404).send('page');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close();
    await testDb.close();
  });

  it('refuses a request without the token', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('counts requests by route pattern and status, and reports the pool, the outbox and the process', async () => {
    await fetch(`${base}/coaches/1`);
    await fetch(`${base}/coaches/2`);
    await fetch(`${base}/no-such-page-${Date.now()}`);
    await fetch(`${base}/login`);
    const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('http_requests_total{method="GET",route="/coaches/:id",status="200"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="not found",status="404"} 1');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/coaches\/:id"/);
    expect(text).toContain('render_cache_answers_total{result="hit"} 1');
    expect(text).toContain('render_cache_answers_total{result="miss"} 1');
    expect(text).toMatch(/rate_limit_refusals_total\{route="[^"]+"\} 1/);
    expect(text).toContain('db_pool_connections{state="idle"} 2');
    expect(text).toContain('outbox_pending 1');
    expect(text).toContain('outbox_dead 1');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('is not there at all without METRICS_TOKEN', async () => {
    const metrics = createMetrics({
      sources: { poolStats: () => null, outbox: async () => ({ pending: 0, dead: 0 }) },
    });
    expect(metrics.enabled).toBe(false);
  });
});
