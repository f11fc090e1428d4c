/**
 * Two servers on one PostgreSQL database, as behind a load balancer (README, deployment): an edit on one shows on
 * the other — also through the other's render cache, which `NOTIFY content_changed` clears (docs/http-caching.md) —,
 * a session from one works on the other, the bid limit counts across both, and each bid notification is delivered
 * once. Last, the database is dropped under them: `/readyz` answers 503 and the processes live on (`/healthz` 200).
 * Needs PostgreSQL (TEST_DATABASE_URL). One pair of servers for the whole file: each start migrates or seeds.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { createPublishedCoach, expectFlash, login, save, unique } from '#tests/e2e/admin/helpers.ts';
import { loopbackAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { E2E_ADMIN, E2E_PORT } from '#tests/e2e/settings.ts';
import { BROWSER_UA, MIN_FILL_WAIT_MS } from '#tests/e2e/site/helpers.ts';
import { throwawayDatabase } from '#tests/e2e/throwaway-database.ts';
import { withAdminClient } from '#tests/fixtures/pg.ts';

const PORTS = [E2E_PORT + 25, E2E_PORT + 26] as const;
const WEBHOOK_PORT = E2E_PORT + 27;
const database = throwawayDatabase('e2e_two');
/** Mirrors BID_PHONE_LIMIT: the bids below share one phone, whose limit is the first they reach. */
const BIDS_PER_PHONE = 20;
/** Mirrors the outbox worker's POLL_MS (app/services/outbox.server.ts). */
const OUTBOX_POLL_MS = 5_000;

test.skip(!database.available, 'needs TEST_DATABASE_URL (PostgreSQL)');
test.describe.configure({ mode: 'serial' });
test.use({ userAgent: BROWSER_UA, baseURL: `http://127.0.0.1:${PORTS[0]}` });
// Two servers and a browser on a shared machine: every step is slower than in the single-server specs.
test.setTimeout(120_000);

let servers: ExtraServer[] = [];
let databaseUrl = '';
let webhook: http.Server | null = null;
const delivered: Array<{ bidId: number }> = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      delivered.push(JSON.parse(body));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => webhook!.listen(WEBHOOK_PORT, '127.0.0.1', resolve));
  databaseUrl = await database.create();
  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    // The demo clubs, which PostgreSQL gets only when asked (docs/demo-content.md): the coach form ticks one.
    DEMO_CONTENT: '1',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    BIDS_WEBHOOK_URL: `http://127.0.0.1:${WEBHOOK_PORT}/hook`,
  };
  // The first one migrates and seeds; the second starts on the ready database (as a rolling deployment does).
  servers = [await startExtraServer({ port: PORTS[0], dataDir: '.e2e-data/two-a', env })];
  servers.push(await startExtraServer({ port: PORTS[1], dataDir: '.e2e-data/two-b', env }));
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database.drop();
  webhook?.close();
});

test('a coach added on one server shows on the other server’s cached /coaches', async ({ page }) => {
  const [editor, other] = servers as [ExtraServer, ExtraServer];
  const address = loopbackAddress();
  const coaches = `${other.base}/coaches`;
  await requestFrom(address, coaches);
  const before = await requestFrom(address, coaches);
  expect(before.headers['x-render-cache']).toBe('hit');

  const name = unique('Тренер Двух Серверов');
  await login(page);
  await createPublishedCoach(page, name, editor.base);

  // The NOTIFY travels through PostgreSQL to the other process: there within moments, not 30 s.
  await expect
    .poll(async () => (await requestFrom(address, coaches)).body.includes(name), { timeout: 3_000 })
    .toBe(true);
});

test('a session from one instance works on the other, and an edit on one shows on the other', async ({ page }) => {
  const [a, b] = servers as [ExtraServer, ExtraServer];
  // Cookies belong to the host, not the port: the browser sends the session of A to B.
  await login(page);
  await page.goto(`${b.base}/admin`);
  await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();

  await page.goto(`${b.base}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Клуб на Малышева' })).toBeVisible();
  const renamed = `Клуб на Малышева ${crypto.randomBytes(2).toString('hex')}`;
  await page.goto(`${a.base}/admin/gyms/1`);
  await page.getByLabel('Название', { exact: true }).fill(renamed);
  await save(page);
  await expectFlash(page, `Сохранено: «${renamed}»`);
  await expect
    .poll(async () => (await requestFrom(loopbackAddress(), `${b.base}/api/gym`)).body, { timeout: 10_000 })
    .toContain(renamed);
  await page.goto(`${b.base}/`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
});

test('the bid limits count across both, and every bid is announced exactly once', async () => {
  const address = loopbackAddress();
  const tokenIn = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const send = async (base: string, token: string) =>
    requestFrom(address, `${base}/new`, {
      method: 'POST',
      headers: { Origin: base },
      form: { formId: 'trial', kind: 'trial', name: 'Два Сервера', phone: '+79123456789', consent: 'on', token },
    });
  const targets = Array.from({ length: BIDS_PER_PHONE + 1 }, (_, i) => servers[i % 2]!.base);
  const tokens: string[] = [];
  for (const base of targets) tokens.push(tokenIn((await requestFrom(loopbackAddress(), `${base}/new`)).body));
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_WAIT_MS));

  const statuses: number[] = [];
  for (const [i, base] of targets.entries()) statuses.push((await send(base, tokens[i]!)).status);
  expect(statuses).toEqual([...Array(BIDS_PER_PHONE).fill(302), 429]);

  // Both workers poll the same outbox every few seconds; each of the accepted bids reaches the webhook once: every row is
  // recorded as sent after a single claim, and a full poll of both workers after that delivers nothing more.
  const outbox = () =>
    withAdminClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ sent: boolean; attempts: number }>(
        `SELECT sent_at IS NOT NULL AS sent, attempts FROM outbox WHERE channel = 'webhook'`,
      );
      return rows;
    });
  await expect
    .poll(async () => (await outbox()).filter((row) => row.sent).length, { timeout: 30_000 })
    .toBe(BIDS_PER_PHONE);
  expect((await outbox()).map((row) => row.attempts)).toEqual(Array(BIDS_PER_PHONE).fill(1));
  await new Promise((resolve) => setTimeout(resolve, OUTBOX_POLL_MS + 1_000));
  const ids = delivered.map((notification) => notification.bidId);
  expect(ids).toHaveLength(BIDS_PER_PHONE);
  expect(new Set(ids).size).toBe(BIDS_PER_PHONE);
});

test('readiness follows the database: 200 while it answers, 503 when it is gone, and the processes live on', async ({
  request,
}) => {
  for (const server of servers) {
    expect((await request.get(`${server.base}/readyz`)).status()).toBe(200);
    expect((await request.get(`${server.base}/api/gym`)).status()).toBe(200);
  }

  await database.drop({ ifExists: false });

  for (const server of servers) {
    await expect.poll(async () => (await request.get(`${server.base}/readyz`)).status(), { timeout: 15_000 }).toBe(503);
    expect((await request.get(`${server.base}/healthz`)).status()).toBe(200);
    expect(server.process.exitCode).toBeNull();
  }
});
