/**
 * Changes that publish themselves (docs/product/scheduling.md), on two servers sharing one PostgreSQL database, as
 * behind a load balancer: a new price of a published card saved for a later moment stays off the site until then;
 * when the clock reaches it (moved through TEST_CLOCK_FILE, never by waiting) it is applied exactly once — one
 * version, one audit entry — and both servers' cached pages show it at once. A new record with «Опубликовать с»
 * appears at its moment; a scheduled change can be moved and cancelled. JavaScript off and on.
 * Needs PostgreSQL (TEST_DATABASE_URL).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { localMomentValue } from '#app/services/scheduled-changes.server.ts';
import { expectFlash, login, row, save, unique } from '#tests/e2e/admin/helpers.ts';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { E2E_ADMIN, E2E_PORT } from '#tests/e2e/settings.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';
import { configureOwnServersSpec, throwawayDatabase } from '#tests/e2e/throwaway-database.ts';

const PORTS = [E2E_PORT + 31, E2E_PORT + 32] as const;
const database = throwawayDatabase('e2e_sched');
const CLOCK_FILE = path.resolve('.e2e-data/scheduled-clock');
/** The demo gyms' zone (db/demo/content.ts): the form's times are read in it. */
const GYM_ZONE = 'Asia/Yekaterinburg';
const METRICS_TOKEN = crypto.randomBytes(16).toString('hex');

configureOwnServersSpec(database.available, PORTS[0]);
test.setTimeout(120_000);

let servers: ExtraServer[] = [];
let databaseUrl = '';
let clock = Date.now();

/** Moves the servers' scheduler clock (both read the same file on every round). */
function setClock(ms: number) {
  clock = ms;
  fs.mkdirSync(path.dirname(CLOCK_FILE), { recursive: true });
  fs.writeFileSync(CLOCK_FILE, new Date(ms).toISOString());
}

/** A moment as `<input type="datetime-local">` takes it, in the gym's zone. */
const localInput = (ms: number) => localMomentValue(new Date(ms), GYM_ZONE);

/** A whole minute a day after the clock, so the due moment is exactly what the form shows. */
function aDayLater(): number {
  return Math.ceil((clock + 24 * 60 * 60 * 1000) / 60_000) * 60_000;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  setClock(Date.now());
  databaseUrl = await database.create();
  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    DEMO_CONTENT: '1',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    TEST_CLOCK_FILE: CLOCK_FILE,
    SCHEDULER_POLL_MS: '200',
    METRICS_TOKEN,
  };
  servers = [await startExtraServer({ port: PORTS[0], dataDir: '.e2e-data/sched-a', env })];
  servers.push(await startExtraServer({ port: PORTS[1], dataDir: '.e2e-data/sched-b', env }));
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database.drop();
  fs.rmSync(CLOCK_FILE, { force: true });
});

/** The home page's price of a card, as a visitor of `base` sees it (through that server's render cache). */
async function homeHas(page: Page, base: string, text: string): Promise<boolean> {
  const response = await page.request.get(`${base}/`, { headers: { 'User-Agent': BROWSER_UA } });
  return (await response.text()).includes(text);
}

const price = (rubles: number) => `${new Intl.NumberFormat('ru-RU').format(rubles)}\u00a0₽`;

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a new price saved for later is applied at its minute, once, on both servers', async ({ page }) => {
      const [a, b] = servers as [ExtraServer, ExtraServer];
      const card = unique('Карта по расписанию');
      const oldPrice = 1000 + Math.floor(Math.random() * 8000);
      let newPrice = oldPrice + 7;
      await login(page);
      await page.goto('/admin/cards/new');
      await page.getByLabel('Название', { exact: true }).fill(card);
      await page.getByLabel('Цена, ₽').fill(String(oldPrice));
      await page.getByLabel('Срок, месяцев').fill('1');
      await page.getByLabel('Опубликовано', { exact: true }).check();
      await save(page);
      await expectFlash(page, `Сохранено: «${card}»`);
      // Both servers have rendered the home page once: the next answers come from their render caches.
      for (const server of servers) await expect.poll(() => homeHas(page, server.base, price(oldPrice))).toBe(true);

      await page.goto(`/admin/cards?q=${encodeURIComponent(card)}`);
      await row(page, card).getByRole('link', { name: card }).first().click();
      await expect(page).toHaveURL(/\/admin\/cards\/\d+$/);
      const edit = page.url();
      await page.getByLabel('Цена, ₽').fill(String(newPrice));
      const due = aDayLater();
      await page.getByLabel('Опубликовать с').fill(localInput(due));
      await save(page);
      await expectFlash(page, `Изменения «${card}» запланированы на`);

      // Until then the site and the record keep the current price.
      expect(await homeHas(page, b.base, price(oldPrice))).toBe(true);
      await page.goto(edit);
      await expect(page.getByLabel('Цена, ₽')).toHaveValue(String(oldPrice));
      await expect(page.getByRole('note')).toContainText('Новая версия');

      // The staff page lists it; its page shows what will change.
      await page.goto('/admin/scheduled');
      await expect(page).toHaveTitle('Запланированные изменения — Редактор контента');
      const entry = row(page, card).filter({ hasText: 'Новая версия' });
      await expect(entry).toContainText('Все залы');
      await entry.getByRole('link', { name: `Открыть: новая версия «${card}»` }).click();
      const changed = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Цена, ₽' }) });
      await expect(changed).toContainText(String(oldPrice));
      await expect(changed).toContainText(String(newPrice));

      // The new version is edited before its time: another price, the same moment, still one change.
      await page.getByRole('link', { name: 'Изменить новую версию' }).click();
      await expect(page.getByRole('note').filter({ hasText: 'Вы меняете запланированную версию' })).toBeVisible();
      await expect(page.getByLabel('Цена, ₽')).toHaveValue(String(newPrice));
      newPrice += 3;
      await page.getByLabel('Цена, ₽').fill(String(newPrice));
      await save(page);
      await expectFlash(page, `Запланированная версия «${card}» изменена`);
      await expect(changed).toContainText(String(newPrice));
      await page.goto('/admin/scheduled');
      await expect(row(page, card).filter({ hasText: 'Новая версия' })).toHaveCount(1);

      // A minute before: nothing yet.
      setClock(due - 60_000);
      await page.waitForTimeout(1_000);
      expect(await homeHas(page, a.base, price(oldPrice))).toBe(true);
      // At its minute, both servers' pages change within moments (the NOTIFY clears each render cache).
      setClock(due + 1_000);
      for (const server of servers) {
        await expect.poll(() => homeHas(page, server.base, price(newPrice)), { timeout: 5_000 }).toBe(true);
      }
      // Exactly once: one version of kind «Изменение по расписанию», one audit entry.
      await page.goto(`${edit}/history`);
      await expect(page.getByText('Изменение по расписанию')).toHaveCount(1);
      await page.goto('/admin/audit');
      await expect(
        page
          .locator('li')
          .filter({ hasText: `«${card}»` })
          .filter({ hasText: 'изменение по расписанию' }),
      ).toHaveCount(1);
      await page.goto('/admin/scheduled');
      await expect(row(page, card).filter({ hasText: 'применено' })).toHaveCount(1);
    });

    test('a new record published from a moment appears then; a scheduled change can be moved and cancelled', async ({
      page,
    }) => {
      const [, b] = servers as [ExtraServer, ExtraServer];
      const card = unique('Карта с публикацией');
      const cardPrice = 20_000 + Math.floor(Math.random() * 9000);
      await login(page);
      await page.goto('/admin/cards/new');
      await page.getByLabel('Название', { exact: true }).fill(card);
      await page.getByLabel('Цена, ₽').fill(String(cardPrice));
      await page.getByLabel('Срок, месяцев').fill('12');
      const due = aDayLater();
      await page.getByLabel('Опубликовать с').fill(localInput(due));
      await page.getByLabel('Снять с публикации').fill(localInput(due - 60_000));
      await save(page);
      await expect(page.getByText('Снять с публикации можно только после публикации')).toBeVisible();
      await page.getByLabel('Снять с публикации').fill(localInput(due + 2 * 24 * 60 * 60 * 1000));
      await save(page);
      await expectFlash(page, /Запланировано: публикация .*, снятие с публикации/);
      expect(await homeHas(page, b.base, price(cardPrice))).toBe(false);

      // Moved an hour later on its page, then the clock passes the old moment: still unpublished.
      await page.goto('/admin/scheduled');
      await row(page, card)
        .filter({ hasText: 'Публикация' })
        .getByRole('link', { name: /^Открыть/ })
        .click();
      await page.getByLabel('Применить').fill(localInput(due + 60 * 60 * 1000));
      await page.getByRole('button', { name: 'Перенести' }).click();
      await expectFlash(page, 'Перенесено на');
      setClock(due + 60_000);
      await page.waitForTimeout(1_000);
      expect(await homeHas(page, b.base, price(cardPrice))).toBe(false);
      setClock(due + 60 * 60 * 1000 + 1_000);
      await expect.poll(() => homeHas(page, b.base, price(cardPrice)), { timeout: 5_000 }).toBe(true);

      // The removal is cancelled: it no longer waits, and the card stays published past its moment.
      await page.goto('/admin/scheduled');
      await row(page, card)
        .filter({ hasText: 'Снятие с публикации' })
        .getByRole('link', { name: /^Открыть/ })
        .click();
      await page.getByRole('button', { name: 'Отменить изменение' }).click();
      await expectFlash(page, `Отменено: снятие с публикации «${card}»`);
      setClock(due + 3 * 24 * 60 * 60 * 1000);
      await page.waitForTimeout(1_000);
      expect(await homeHas(page, b.base, price(cardPrice))).toBe(true);
    });
  });
}

test('an overdue change shows on the dashboard and in /metrics; a bad moment is refused in Russian', async ({
  page,
}) => {
  const [a] = servers as [ExtraServer, ExtraServer];
  const metrics = async () =>
    (await page.request.get(`${a.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  expect(await metrics()).toMatch(/^scheduled_changes_overdue 0$/m);
  await login(page);
  await page.goto('/admin/cards/new');
  await page.getByLabel('Название', { exact: true }).fill(unique('Карта в прошлом'));
  await page.getByLabel('Цена, ₽').fill('100');
  await page.getByLabel('Срок, месяцев').fill('1');
  await page.getByLabel('Опубликовать с').fill(localInput(clock - 60 * 60 * 1000));
  await save(page);
  await expect(page.getByText('Укажите время в будущем')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByText('Запланированные изменения опаздывают')).toHaveCount(0);

  // A worker stuck in the middle of a change holds its row: the change is late, and says so.
  const stuck = new pg.Client({ connectionString: databaseUrl });
  await stuck.connect();
  try {
    await stuck.query('BEGIN');
    const { rows } = await stuck.query(
      `INSERT INTO scheduled_changes (section, record_id, action, due_at, title)
       VALUES ('cards', (SELECT min(id) FROM cards), 'publish', $1, 'Застрявшая') RETURNING id`,
      [new Date(clock + 60 * 60_000)],
    );
    await stuck.query('COMMIT');
    await stuck.query('BEGIN');
    await stuck.query('SELECT id FROM scheduled_changes WHERE id = $1 FOR UPDATE', [rows[0].id]);
    // Due, and three minutes late: the workers skip the row the stuck one holds.
    setClock(clock + 63 * 60_000);
    await page.goto('/admin');
    await expect(page.getByRole('alert').filter({ hasText: 'Запланированные изменения опаздывают: 1' })).toBeVisible();
    expect(await metrics()).toMatch(/^scheduled_changes_overdue 1$/m);
    await stuck.query('UPDATE scheduled_changes SET cancelled_at = now() WHERE id = $1', [rows[0].id]);
    await stuck.query('COMMIT');
  } finally {
    await stuck.end();
  }
  expect(await metrics()).toMatch(/^scheduled_changes_overdue 0$/m);
});
