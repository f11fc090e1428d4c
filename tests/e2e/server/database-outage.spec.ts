/**
 * The database going away under load (docs/security.md, "Database outage"): a second server runs on a throw-away
 * PostgreSQL cluster, which the test stops under ~20 concurrent requests and starts again. The process lives on,
 * pages answer 503 with the error page and `Retry-After`, `/api/gym` a JSON error, `/readyz` 503; a bid sent meanwhile
 * comes back with the visitor's input and the club's phone number; the log says it once; after the restart pages
 * answer 200 again within 5 s.
 */
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { type Cluster, clusterUnavailableReason, createCluster } from '#scripts/proof/pg-cluster.ts';
import { requestFrom } from '#tests/e2e/client-address.ts';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { E2E_PORT } from '#tests/e2e/settings.ts';
import { BROWSER_UA, waitForTokenAge } from '#tests/e2e/site/helpers.ts';

const PORT = Number(process.env.E2E_OUTAGE_PORT ?? E2E_PORT + 11);
const DATA_DIR = '.e2e-data/outage';
const unavailable = clusterUnavailableReason();

test.skip(unavailable !== null, `database outage test skipped: ${unavailable}`);
test.describe.configure({ mode: 'serial' });

let cluster: Cluster | null = null;
let server: ExtraServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await createCluster();
  server = await startExtraServer({
    port: PORT,
    dataDir: DATA_DIR,
    captureLog: true,
    env: {
      DATABASE_URL: cluster.url,
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      DEMO_CONTENT: '1',
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  cluster?.destroy();
});

const page = (path: string) =>
  requestFrom('127.0.0.1', `${server!.base}${path}`, { headers: { 'User-Agent': BROWSER_UA, Accept: 'text/html' } });

test('stopping PostgreSQL under load: 503s, one log line, the bid form keeps the input; back within 5 s', async () => {
  test.setTimeout(90_000);
  const base = server!.base;
  expect((await page('/')).status).toBe(200);
  const landing = await page('/new');
  expect(landing.status).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(landing.body)?.[1] ?? '';
  expect(token).not.toBe('');
  await waitForTokenAge(token);

  // ~20 requests in flight all the time while the database stops.
  let loading = true;
  const statuses: number[] = [];
  const failures: string[] = [];
  const paths = ['/', '/coaches', '/promos', '/api/gym', '/readyz'];
  const workers = Array.from({ length: 20 }, async (_, n) => {
    while (loading) {
      const response = await fetch(`${base}${paths[n % paths.length]}`, {
        headers: { 'User-Agent': BROWSER_UA },
      }).catch(() => null);
      statuses.push(response?.status ?? 0);
      if (response?.status === 500) failures.push(paths[n % paths.length]!);
      await response?.arrayBuffer().catch(() => null);
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  cluster!.stop();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  loading = false;
  await Promise.all(workers);
  expect(server!.process.exitCode).toBeNull();
  expect(statuses).not.toContain(0);
  expect(failures).toEqual([]);
  expect(statuses).toContain(503);

  // A page whose content is already in memory is still served (docs/http-caching.md): the home page, read before
  // the outage; a page that needs the database is a 503.
  expect((await page('/')).status).toBe(200);
  const home = await page(`/trainings/1?during-outage=${Date.now()}`);
  expect(home.status).toBe(503);
  expect(home.headers['retry-after']).toBe('30');
  expect(home.headers['content-type']).toContain('text/html');
  expect(home.body).toContain('Ошибка');
  expect(home.body).toContain('<p class="error-page__status">503</p>');
  expect(home.body).toContain('Сервис временно недоступен');

  const api = await fetch(`${base}/api/gym`);
  expect(api.status).toBe(503);
  expect(api.headers.get('retry-after')).toBe('30');
  expect(await api.json()).toEqual({ error: expect.stringContaining('Сервис временно недоступен') });
  expect((await fetch(`${base}/readyz`)).status).toBe(503);
  expect((await fetch(`${base}/healthz`)).status).toBe(200);

  // A bid sent now: 503, the form again with what the visitor typed and the club's phone number.
  const bid = await requestFrom('127.0.0.1', `${base}/new`, {
    method: 'POST',
    headers: { Origin: base, 'User-Agent': BROWSER_UA },
    form: { formId: 'trial', kind: 'trial', name: 'Ирина Outage', phone: '+79123456780', consent: 'on', token },
  });
  expect(bid.status).toBe(503);
  expect(bid.headers['retry-after']).toBe('30');
  expect(bid.body).toContain('Не удалось отправить заявку');
  expect(bid.body).toMatch(/Позвоните нам: \+7 \d{3} \d{3}-\d{2}-\d{2}/);
  expect(bid.body).toContain('value="Ирина Outage"');

  cluster!.start();
  const restarted = Date.now();
  await expect.poll(async () => (await page('/')).status, { timeout: 5000, intervals: [100, 250] }).toBe(200);
  expect(Date.now() - restarted).toBeLessThan(5000);
  expect((await fetch(`${base}/readyz`)).status).toBe(200);

  // One line when it went, one when it came back; no stack per request.
  await expect.poll(() => server!.log.filter((line) => line.includes('database available again')).length).toBe(1);
  expect(server!.log.filter((line) => line.includes('database unavailable')).length).toBe(1);
  const stacks = server!.log.filter((line) => line.includes('"stack"'));
  expect(stacks.map((line) => line.slice(0, 600))).toEqual([]);
});
