import { expect, type Page, test } from '@playwright/test';
import { BROWSER_UA, gotoHydrated } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

async function mark(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { marker?: string }).marker = 'same document';
  });
}
const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker ?? null);

async function firePreloadError(page: Page) {
  await page.evaluate(() => {
    const event = new Event('vite:preloadError', { cancelable: true }) as Event & { payload?: unknown };
    event.payload = new TypeError('Failed to fetch dynamically imported module: /assets/gone.js');
    window.dispatchEvent(event);
  });
}

test('a chunk-load failure reloads the page once per path within 10 s', async ({ page }) => {
  await gotoHydrated(page, '/trends');
  await mark(page);
  await Promise.all([page.waitForEvent('load'), firePreloadError(page)]);
  expect(await marker(page)).toBeNull();

  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await mark(page);
  await firePreloadError(page);
  await page.waitForTimeout(1_000);
  expect(await marker(page)).toBe('same document');
});

test('a route chunk that fails to load opens the page from the server once per 10 s, never in a loop', async ({
  page,
}) => {
  // The page's clock stands still, so however slow the machine, every failure below falls inside one 10 s window.
  await page.clock.setFixedTime(new Date('2026-11-23T10:00:00+05:00'));
  await page.route(/\/assets\/trends-[\w-]+\.js$/, (route) => route.abort());
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documents.push(new URL(request.url()).pathname);
    }
  });
  const openTrends = () =>
    page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Направления' }).click();

  // First failure: the page being opened is loaded from the server instead (its HTML works without the chunk).
  await gotoHydrated(page, '/');
  await openTrends();
  await expect(page).toHaveURL(/\/trends$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Направления' })).toBeVisible();

  // Later failures within the window: no more page loads, the error page says what happened.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await gotoHydrated(page, '/');
    await openTrends();
    await expect(page.getByRole('heading', { level: 1, name: 'Ошибка' })).toBeVisible();
  }
  expect(documents).toEqual(['/', '/trends', '/', '/']);
});

test('a link whose chunk fails to prefetch does not reload the page under the visitor', async ({ page }) => {
  await page.route(/\/assets\/coaches-[\w-]+\.js$/, (route) => route.abort());
  await gotoHydrated(page, '/');
  await mark(page);
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Тренеры' }).hover();
  await page.waitForTimeout(1_000);
  expect(await marker(page)).toBe('same document');
});

test.describe('new build check', () => {
  test('after an hour a new live build turns the next navigation into a full page load', async ({ page }) => {
    await page.clock.install();
    let checks = 0;
    await page.route('**/api/build-id', (route) => {
      checks += 1;
      return route.fulfill({ json: { buildId: 'a-newer-build' } });
    });
    await gotoHydrated(page, '/');
    await mark(page);
    // Freeze page time so a slow machine cannot add real seconds. The pause point is 2 s ahead, so a busy machine
    // cannot have passed it before the call arrives; the interval started less than ~25 s before `now`.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    await page.clock.fastForward(3_570_000);
    expect(checks).toBe(0);
    await page.clock.fastForward(40_000);
    await expect.poll(() => checks).toBe(1);
    await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Тренеры' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Тренеры' })).toBeVisible();
    expect(await marker(page)).toBeNull();
  });

  test('the same build keeps client-side navigation, and a failed check is only logged', async ({ page }) => {
    await page.clock.install();
    const warnings: string[] = [];
    // Whatever the page reports is kept for the failure message: a navigation that never ends says why.
    const reported: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
      if (message.type() === 'error') reported.push(message.text());
    });
    page.on('pageerror', (error) => reported.push(String(error)));
    page.on('requestfailed', (request) => reported.push(`${request.url()}: ${request.failure()?.errorText}`));
    let answer: 'same' | 'fail' = 'fail';
    const live = await (await page.request.get('/api/build-id')).json();
    await page.route('**/api/build-id', (route) =>
      answer === 'fail' ? route.fulfill({ status: 503, body: 'down' }) : route.fulfill({ json: live }),
    );
    await gotoHydrated(page, '/');
    await mark(page);
    await page.clock.fastForward(3_601_000);
    await expect.poll(() => warnings.some((text) => text.includes('Build check failed'))).toBe(true);
    answer = 'same';
    await page.clock.fastForward(3_600_000);
    await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Тренеры' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Тренеры' }))
      .toBeVisible()
      .catch((error: Error) => {
        throw new Error(`${error.message}\nat ${page.url()}; the page reported: ${JSON.stringify(reported)}`);
      });
    expect(await marker(page)).toBe('same document');
  });
});

test.describe('prefetch on intent', () => {
  for (const { name, connection, expected } of [
    {
      name: 'prefetches the next page on hover on a fast connection',
      connection: { effectiveType: '4g' },
      expected: true,
    },
    { name: 'does not prefetch on 2g', connection: { effectiveType: '2g' }, expected: false },
    {
      name: 'does not prefetch with data saver on',
      connection: { effectiveType: '4g', saveData: true },
      expected: false,
    },
  ]) {
    test(name, async ({ page }) => {
      await page.addInitScript((value) => {
        Object.defineProperty(navigator, 'connection', {
          configurable: true,
          value: { ...value, addEventListener() {}, removeEventListener() {} },
        });
      }, connection);
      const dataRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/trends.data')) dataRequests.push(request.url());
      });
      await gotoHydrated(page, '/');
      await page
        .getByRole('navigation', { name: 'Основная навигация' })
        .getByRole('link', { name: 'Направления' })
        .hover();
      await page.waitForTimeout(1_000);
      expect(dataRequests.length > 0).toBe(expected);
    });
  }
});
