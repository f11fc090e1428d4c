/**
 * Yandex Maps and Metrika when they are configured. The site's own test server runs without them, so this file
 * starts a second server with YANDEX_* set and answers the Yandex hosts with small fakes (the machine has no
 * internet access anyway): what we check is what our code asks of those APIs.
 */
import { expect, test } from '@playwright/test';
import { runOnOwnServer } from '#tests/e2e/own-server.ts';
import { E2E_PORT } from '#tests/e2e/settings.ts';
import { sendBid, useUniqueIp } from '#tests/e2e/site/helpers.ts';

const FAKE_MAPS = `
  window.__maps = []; window.__placemarks = []; window.__placemarkProps = [];
  window.ymaps = {
    ready: function (fn) { fn(); },
    Map: function (el, state) { window.__maps.push(state); el.setAttribute('data-fake-map', 'ready');
      this.geoObjects = { add: function () {} }; this.destroy = function () {}; },
    Placemark: function (coords, props) { window.__placemarks.push(coords); window.__placemarkProps.push(props); },
  };`;

const BASE = runOnOwnServer({
  port: Number(process.env.E2E_INTEGRATIONS_PORT ?? E2E_PORT + 19),
  dataDir: '.e2e-data/integrations',
  env: { YANDEX_MAPS_API_KEY: 'test-maps-key', YANDEX_METRIKA_ID: '12345678' },
});

test.beforeEach(async ({ page }) => {
  await page.route('https://api-maps.yandex.ru/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_MAPS }),
  );
  await page.route('https://mc.yandex.ru/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: '' }),
  );
});

test('the map loads lazily with ru_RU, zoom 10, map type `map` and lat-long coordinates', async ({ page }) => {
  const mapRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://api-maps.yandex.ru/')) mapRequests.push(request.url());
  });
  await page.goto('/');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  expect(mapRequests).toEqual([]);
  await page.getByRole('heading', { name: 'Клубы на карте' }).scrollIntoViewIfNeeded();
  await expect(page.locator('[data-fake-map="ready"]')).toBeAttached();
  expect(mapRequests).toHaveLength(1);
  expect(mapRequests[0]).toContain('apikey=test-maps-key');
  expect(mapRequests[0]).toContain('lang=ru_RU');
  const maps = await page.evaluate(() => (window as unknown as { __maps: Array<Record<string, unknown>> }).__maps);
  expect(maps[0]).toMatchObject({ zoom: 10, type: 'yandex#map', center: [56.83591, 60.61472] });
  const placemarks = await page.evaluate(() => (window as unknown as { __placemarks: number[][] }).__placemarks);
  expect(placemarks).toContainEqual([56.89137, 60.61348]);
  // Balloons are HTML built from escaped values (tests/unit/gym-map.test.ts tries hostile ones).
  const props = await page.evaluate(() => (window as unknown as { __placemarkProps: unknown[] }).__placemarkProps);
  expect(props).toContainEqual({
    hintContent: 'Клуб на Малышева',
    balloonContent:
      '<strong>Клуб на Малышева</strong><br>Екатеринбург, ул. Малышева, 51<br><a href="tel:+73433124051">+7 343 312-40-51</a>',
  });
  await expect(page.getByRole('link', { name: /Открыть на Яндекс Картах/ }).first()).toBeVisible();
});

type YmCall = [number, string, ...unknown[]];
const ymCalls = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ((window as unknown as { ym?: { a?: unknown[][] } }).ym?.a ?? []) as YmCall[]);

test('Metrika: one hit per route change, none twice for the first page, user parameters with the gym', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect.poll(async () => (await ymCalls(page)).map((call) => call[1])).toContain('init');
  let calls = await ymCalls(page);
  expect(calls.filter((call) => call[1] === 'hit')).toEqual([]);
  expect(calls.find((call) => call[1] === 'userParams')?.[2]).toEqual({ gym_id: 1, gym: 'Клуб на Малышева' });

  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Расписание' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
  await expect.poll(async () => (await ymCalls(page)).filter((call) => call[1] === 'hit').length).toBe(1);
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Тренеры' }).click();
  await expect.poll(async () => (await ymCalls(page)).filter((call) => call[1] === 'hit').length).toBe(2);
  calls = await ymCalls(page);
  expect(calls.filter((call) => call[1] === 'hit').map((call) => call[2])).toEqual([
    `${BASE}/shedule`,
    `${BASE}/coaches`,
  ]);

  await page.getByLabel('Ваш клуб').selectOption({ label: 'Клуб на Уралмаше' });
  await expect
    .poll(async () => (await ymCalls(page)).filter((call) => call[1] === 'userParams').at(-1)?.[2])
    .toEqual({ gym_id: 2, gym: 'Клуб на Уралмаше' });
});

test('Metrika: an accepted bid reaches the goal with its kind and gym', async ({ page }) => {
  await useUniqueIp(page);
  await page.goto('/trainings/1');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const form = page.getByRole('form', { name: 'Записаться на тренировку' });
  await sendBid(form, 'Вера', '+7 912 345-67-80');
  await expect(page.getByRole('status').filter({ hasText: 'Заявка отправлена' })).toBeVisible();
  await expect
    .poll(async () => (await ymCalls(page)).find((call) => call[1] === 'reachGoal'))
    .toEqual([12345678, 'reachGoal', 'bid', { kind: 'training', gym: 1 }]);
});

test('the CSP admits the configured Yandex hosts only', async ({ request }) => {
  const csp = (await request.get('/')).headers()['content-security-policy'] ?? '';
  expect(csp).toContain('https://api-maps.yandex.ru');
  expect(csp).toContain('https://mc.yandex.ru');
});
