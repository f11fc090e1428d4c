/**
 * Two servers on one PostgreSQL database, each with its own render cache: a staff edit saved on one is seen by
 * visitors of the other, because `NOTIFY content_changed` clears both caches (docs/http-caching.md). Needs a
 * PostgreSQL server (TEST_DATABASE_URL).
 */
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createPublishedCoach, E2E_ADMIN, unique } from '#tests/e2e/admin/helpers.ts';
import { loopbackAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';
import { throwawayDatabase } from '#tests/e2e/throwaway-database.ts';

const PORT = Number(process.env.E2E_RENDER_CACHE_PORT ?? 3125);
const database = throwawayDatabase('e2e_render_cache');

test.skip(!database.available, 'needs TEST_DATABASE_URL (PostgreSQL)');
test.describe.configure({ mode: 'serial' });
test.use({ userAgent: BROWSER_UA });

let editor: ExtraServer | null = null;
let other: ExtraServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const databaseUrl = await database.create();
  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'fatal',
    // The demo clubs, which PostgreSQL gets only when asked (docs/demo-content.md): the coach form ticks one.
    DEMO_CONTENT: '1',
  };
  // One after the other: the first migrates and seeds the database.
  editor = await startExtraServer({ port: PORT, dataDir: '.e2e-data/render-cache-a', env });
  other = await startExtraServer({ port: PORT + 1, dataDir: '.e2e-data/render-cache-b', env });
});

test.afterAll(async () => {
  await Promise.all([editor?.stop(), other?.stop()]);
  await database.drop();
});

test('a coach added on one server shows on the other server’s cached /coaches', async ({ page }) => {
  const address = loopbackAddress();
  const coaches = `${other!.base}/coaches`;
  await requestFrom(address, coaches);
  const before = await requestFrom(address, coaches);
  expect(before.headers['x-render-cache']).toBe('hit');

  const name = unique('Тренер Двух Серверов');
  await page.goto(`${editor!.base}/login`);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Пароль').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await createPublishedCoach(page, name, editor!.base);

  // The NOTIFY travels through PostgreSQL to the other process: there within moments, not 30 s.
  await expect
    .poll(async () => (await requestFrom(address, coaches)).body.includes(name), { timeout: 3_000 })
    .toBe(true);
});
