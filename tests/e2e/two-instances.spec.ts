/**
 * Two servers on one PostgreSQL database, as behind a load balancer (README, deployment): an edit on one shows on
 * the other — also through the other's render cache, which `NOTIFY content_changed` clears (docs/http-caching.md) —,
 * a session from one works on the other, the bid limit counts across both, and each bid notification is delivered
 * once, and each SMS reminder due at the same moment reaches the SMS gateway (a local SMSC stand-in) once. Last, the
 * database is dropped under them: `/readyz` answers 503 and the processes live on (`/healthz` 200).
 * Needs PostgreSQL (TEST_DATABASE_URL). One pair of servers for the whole file: each start migrates or seeds.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { createPublishedCoach, expectFlash, login, save, unique } from '#tests/e2e/admin/helpers.ts';
import { loopbackAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { E2E_ADMIN, E2E_PORT } from '#tests/e2e/settings.ts';
import { waitForTokenAge } from '#tests/e2e/site/helpers.ts';
import { configureOwnServersSpec, throwawayDatabase } from '#tests/e2e/throwaway-database.ts';
import { type FakeSmsc, startFakeSmsc } from '#tests/fixtures/fake-smsc.ts';
import { withAdminClient } from '#tests/fixtures/pg.ts';

const PORTS = [E2E_PORT + 25, E2E_PORT + 26] as const;
const WEBHOOK_PORT = E2E_PORT + 27;
const database = throwawayDatabase('e2e_two');
/** Mirrors BID_PHONE_LIMIT: the bids below share one phone, whose limit is the first they reach. */
const BIDS_PER_PHONE = 20;
/** Mirrors the outbox worker's POLL_MS (app/services/outbox-worker.server.ts). */
const OUTBOX_POLL_MS = 5_000;

configureOwnServersSpec(database.available, PORTS[0]);
// Two servers and a browser on a shared machine: every step is slower than in the single-server specs.
test.setTimeout(120_000);

let servers: ExtraServer[] = [];
let databaseUrl = '';
let webhook: http.Server | null = null;
const delivered: Array<{ bidId: number }> = [];
let smsc: FakeSmsc | null = null;

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
  smsc = await startFakeSmsc();
  const env = {
    // Visitor messages through SMSC (docs/decisions/0043-visitor-messages-through-the-outbox.md), polled often.
    SMSC_LOGIN: smsc.login,
    SMSC_PASSWORD: smsc.password,
    SMSC_URL: smsc.url,
    PUBLIC_URL: `http://127.0.0.1:${PORTS[0]}`,
    OUTBOX_POLL_MS: '200',
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
  await smsc?.close();
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
  for (const token of tokens) await waitForTokenAge(token);

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

test('each reminder due at the same moment is sent once by the two servers together', async () => {
  const REMINDERS = 300;
  await withAdminClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: number; gym_id: number }>(
      'SELECT id, gym_id FROM schedule_slots ORDER BY id LIMIT 1',
    );
    const slot = rows[0]!;
    await client.query(
      `INSERT INTO bids (name, phone, kind, consent_at, consent_version, gym_id, slot_id, session_date, signup_state,
         manage_nonce, manage_token_hash)
       SELECT 'Двое ' || n, '+7902' || lpad(n::text, 7, '0'), 'signup', now(), 'e2e', $1, $2,
         current_date + 30, 'booked', md5(random()::text), md5(random()::text || n)
       FROM generate_series(1, $3::int) AS n`,
      [slot.gym_id, slot.id, REMINDERS],
    );
    await client.query(
      `INSERT INTO outbox (channel, payload, bid_id, kind, recipient, next_attempt_at)
       SELECT 'sms', json_build_object('type', 'visitor.message', 'kind', 'reminder', 'bidId', id), id, 'reminder',
         phone, now() + interval '2 seconds'
       FROM bids WHERE consent_version = 'e2e'`,
    );
  });
  const reminders = () => smsc!.received.filter((sms) => sms.text.startsWith('Напоминаем'));
  await expect.poll(() => reminders().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(REMINDERS);
  // A moment more for a second send, if there were one, to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const ids = reminders().map((sms) => sms.id);
  expect(ids).toHaveLength(REMINDERS);
  expect(new Set(ids).size).toBe(REMINDERS);
  const sent = await withAdminClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE kind = 'reminder' AND sent_at IS NOT NULL AND skipped_reason IS NULL
         AND bid_id IN (SELECT id FROM bids WHERE consent_version = 'e2e')`,
    );
    return rows[0]!.n;
  });
  expect(sent).toBe(REMINDERS);
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
