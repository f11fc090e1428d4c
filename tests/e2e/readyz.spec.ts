/**
 * `GET /readyz` answers 503 when the database does not answer, and the process keeps running
 * (`/healthz` 200). Needs a PostgreSQL server (TEST_DATABASE_URL, set by .ci/run): a second server is started on
 * its own database, which the test then drops under it.
 */
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import type pg from 'pg';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { withAdminClient } from '#tests/fixtures/pg.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const PORT = Number(process.env.E2E_READYZ_PORT ?? 3121);
const DATA_DIR = '.e2e-data/readyz';
const DB_NAME = `e2e_readyz_${crypto.randomBytes(4).toString('hex')}`;

test.skip(!ADMIN_URL, 'needs TEST_DATABASE_URL (PostgreSQL)');
test.describe.configure({ mode: 'serial' });

let server: ExtraServer | null = null;

const admin = <T>(run: (client: pg.Client) => Promise<T>) => withAdminClient(ADMIN_URL ?? '', run);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await admin((client) => client.query(`CREATE DATABASE ${DB_NAME}`));
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${DB_NAME}`;
  server = await startExtraServer({
    port: PORT,
    dataDir: DATA_DIR,
    env: { DATABASE_URL: url.toString(), SESSION_SECRET: crypto.randomBytes(32).toString('hex'), LOG_LEVEL: 'fatal' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
});

test('readiness follows the database: 200 while it answers, 503 when it is gone, and the process lives on', async ({
  request,
}) => {
  expect((await request.get(`${server!.base}/readyz`)).status()).toBe(200);
  expect((await request.get(`${server!.base}/api/gym`)).status()).toBe(200);

  await admin((client) => client.query(`DROP DATABASE ${DB_NAME} WITH (FORCE)`));

  await expect.poll(async () => (await request.get(`${server!.base}/readyz`)).status(), { timeout: 15_000 }).toBe(503);
  expect((await request.get(`${server!.base}/healthz`)).status()).toBe(200);
  expect(server?.process.exitCode).toBeNull();
});
