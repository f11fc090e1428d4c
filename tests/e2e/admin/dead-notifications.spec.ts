/**
 * Notifications given up after the last attempt show on the staff dashboard with their error and a
 * "Отправить ещё раз" button that works with and without JavaScript (docs/product/bids.md). Needs PostgreSQL
 * (TEST_DATABASE_URL): the test writes the given-up rows into the database of a second server while it runs.
 */
import crypto from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type pg from 'pg';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { E2E_ADMIN, E2E_PORT } from '#tests/e2e/settings.ts';
import { configureOwnServersSpec } from '#tests/e2e/throwaway-database.ts';
import { withAdminClient } from '#tests/fixtures/pg.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const PORT = Number(process.env.E2E_DEAD_OUTBOX_PORT ?? E2E_PORT + 24);
const DB_NAME = `e2e_outbox_${crypto.randomBytes(4).toString('hex')}`;
const dbUrl = () => {
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
};

configureOwnServersSpec(Boolean(ADMIN_URL), PORT);

let server: ExtraServer | null = null;
const admin = <T>(run: (client: pg.Client) => Promise<T>) => withAdminClient(ADMIN_URL ?? '', run);
const club = <T>(run: (client: pg.Client) => Promise<T>) => withAdminClient(dbUrl(), run);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await admin((client) => client.query(`CREATE DATABASE ${DB_NAME}`));
  server = await startExtraServer({
    port: PORT,
    dataDir: '.e2e-data/dead-outbox',
    env: {
      DATABASE_URL: dbUrl(),
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
});

/** A webhook notification about bid `bidId` that failed its 12th attempt with `error`; returns its id. */
async function deadRow(bidId: number, error: string): Promise<number> {
  return club(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO outbox (channel, payload, attempts, last_error, next_attempt_at)
       VALUES ('webhook', $1, 12, $2, now() + interval '6 hours') RETURNING id`,
      [JSON.stringify({ type: 'bid.created', bidId, name: 'Анна', phone: '+79990000000' }), error],
    );
    return rows[0]!.id;
  });
}

async function login(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Пароль').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Обзор' })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a given-up notification is listed with its error and sent again by a button press', async ({ page }) => {
      const error = `webhook answered 502 (${crypto.randomBytes(3).toString('hex')})`;
      const id = await deadRow(77, error);
      await login(page);

      await expect(page.getByRole('heading', { name: 'Неотправленные уведомления' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: error });
      await expect(row.getByRole('link', { name: 'Заявка №77' })).toBeVisible();
      await expect(row.getByRole('cell', { name: 'Вебхук' })).toBeVisible();
      await row.getByRole('button', { name: 'Отправить ещё раз' }).click();

      await expect(page.getByRole('status').filter({ hasText: 'Уведомление снова в очереди' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: error })).toHaveCount(0);

      const stored = await club((client) =>
        client.query('SELECT attempts, next_attempt_at <= now() AS due FROM outbox WHERE id = $1', [id]),
      );
      expect(stored.rows[0]).toEqual({ attempts: 0, due: true });
      const audit = await club((client) =>
        client.query(`SELECT action FROM audit_log WHERE entity = 'outbox' AND entity_id = $1`, [id]),
      );
      expect(audit.rows).toEqual([{ action: 'retry' }]);
    });
  });
}
