/**
 * `GET /readyz` answers 503 when the database does not answer, and the process keeps running
 * (`/healthz` 200). Needs a PostgreSQL server (TEST_DATABASE_URL, set by .ci/run): a second server is started on
 * its own database, which the test then drops under it.
 */
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { throwawayDatabase } from '#tests/e2e/throwaway-database.ts';

const PORT = Number(process.env.E2E_READYZ_PORT ?? 3121);
const DATA_DIR = '.e2e-data/readyz';
const database = throwawayDatabase('e2e_readyz');

test.skip(!database.available, 'needs TEST_DATABASE_URL (PostgreSQL)');
test.describe.configure({ mode: 'serial' });

let server: ExtraServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const databaseUrl = await database.create();
  server = await startExtraServer({
    port: PORT,
    dataDir: DATA_DIR,
    env: { DATABASE_URL: databaseUrl, SESSION_SECRET: crypto.randomBytes(32).toString('hex'), LOG_LEVEL: 'fatal' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await database.drop();
});

test('readiness follows the database: 200 while it answers, 503 when it is gone, and the process lives on', async ({
  request,
}) => {
  expect((await request.get(`${server!.base}/readyz`)).status()).toBe(200);
  expect((await request.get(`${server!.base}/api/gym`)).status()).toBe(200);

  await database.drop({ ifExists: false });

  await expect.poll(async () => (await request.get(`${server!.base}/readyz`)).status(), { timeout: 15_000 }).toBe(503);
  expect((await request.get(`${server!.base}/healthz`)).status()).toBe(200);
  expect(server?.process.exitCode).toBeNull();
});
