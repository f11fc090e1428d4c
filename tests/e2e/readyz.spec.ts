/**
 * SPEC §2: `GET /readyz` answers 503 when the database does not answer, and the process keeps running
 * (`/healthz` 200). Needs a PostgreSQL server (TEST_DATABASE_URL, set by .ci/run): a second server is started on
 * its own database, which the test then drops under it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const PORT = Number(process.env.E2E_READYZ_PORT ?? 3121);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = '.e2e-data/readyz';
const DB_NAME = `e2e_readyz_${crypto.randomBytes(4).toString('hex')}`;

test.skip(!ADMIN_URL, 'needs TEST_DATABASE_URL (PostgreSQL)');
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | null = null;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await admin((client) => client.query(`CREATE DATABASE ${DB_NAME}`));
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${DB_NAME}`;
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DATABASE_URL: url.toString(),
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'fatal',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the PostgreSQL-backed server did not start');
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test('readiness follows the database: 200 while it answers, 503 when it is gone, and the process lives on', async ({
  request,
}) => {
  expect((await request.get(`${BASE}/readyz`)).status()).toBe(200);
  expect((await request.get(`${BASE}/api/gym`)).status()).toBe(200);

  await admin((client) => client.query(`DROP DATABASE ${DB_NAME} WITH (FORCE)`));

  await expect.poll(async () => (await request.get(`${BASE}/readyz`)).status(), { timeout: 15_000 }).toBe(503);
  expect((await request.get(`${BASE}/healthz`)).status()).toBe(200);
  expect(server?.exitCode).toBeNull();
});
