import { expect, test } from '@playwright/test';
import {
  BROWSER_UA,
  expectNoSeriousA11yViolations,
  getOk,
  gotoHydrated,
  waitForHydration,
} from '#tests/e2e/site/helpers.ts';

test.describe('contract endpoints', () => {
  test('GET /api/gym returns the published gyms with id, name, address, lat, lng', async ({ request }) => {
    const response = await getOk(request, '/api/gym', 'application/json');
    const gyms = await response.json();
    expect(Array.isArray(gyms)).toBe(true);
    expect(gyms.length).toBeGreaterThanOrEqual(3);
    expect(gyms.some((gym: { id: number }) => gym.id === 1)).toBe(true);
    for (const gym of gyms) {
      expect(gym).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          name: expect.any(String),
          address: expect.any(String),
          lat: expect.any(Number),
          lng: expect.any(Number),
        }),
      );
    }
  });

  test('health and readiness answer 200 while the database answers', async ({ request }) => {
    expect((await request.get('/healthz')).status()).toBe(200);
    expect((await request.get('/readyz')).status()).toBe(200);
  });

  test('/schedule redirects permanently to /shedule keeping the query', async ({ request }) => {
    const response = await request.get('/schedule?week=2026-W48', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/shedule?week=2026-W48');
  });

  test('pages carry a nonce-based CSP and a referrer policy that keeps form posts working', async ({ request }) => {
    const response = await request.get('/');
    const csp = response.headers()['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline' 'nonce");
    expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers()['x-request-id']).toBeTruthy();
  });

  test('the site stylesheet is written into the head with the nonce, not linked (no render-blocking request)', async ({
    request,
  }) => {
    for (const path of ['/', '/coaches', '/new']) {
      const response = await request.get(path, { headers: { 'User-Agent': BROWSER_UA } });
      const html = await response.text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
      const nonce = /<style nonce="([^"]+)">/.exec(head)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(response.headers()['content-security-policy']).toContain(`'nonce-${nonce}'`);
      expect(head).toContain('.skip-link');
    }
  });

  test('public pages fetch their browser code after the load event and then hydrate; the staff sign-in at once', async ({
    page,
    request,
  }) => {
    for (const path of ['/', '/coaches', '/new']) {
      const html = await (await request.get(path, { headers: { 'User-Agent': BROWSER_UA } })).text();
      expect(html, path).not.toContain('<link rel="modulepreload"');
      expect(html, path).not.toMatch(/<script[^>]*type="module"/);
    }
    const login = await (await request.get('/login', { headers: { 'User-Agent': BROWSER_UA } })).text();
    expect(login).toContain('<link rel="modulepreload"');
    expect(login).toMatch(/<script[^>]*type="module"/);

    await page.setExtraHTTPHeaders({ 'User-Agent': BROWSER_UA });
    await gotoHydrated(page, '/');
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const code = performance
        .getEntriesByType('resource')
        .filter(({ name }) => new URL(name).pathname.startsWith('/assets/') && name.endsWith('.js'));
      return { loadEventStart: navigation.loadEventStart, firstCodeStart: Math.min(...code.map((r) => r.startTime)) };
    });
    expect(timing.firstCodeStart).toBeGreaterThanOrEqual(timing.loadEventStart);
    await expect(page.locator('link[rel="modulepreload"]')).not.toHaveCount(0);
    // A client-side navigation keeps the document (and this mark on its window).
    await page.evaluate(() => Object.assign(window, { hydratedMark: true }));
    await page.getByRole('banner').getByRole('link', { name: 'Тренеры' }).first().click();
    await expect(page).toHaveURL(/\/coaches$/);
    expect(await page.evaluate(() => 'hydratedMark' in window)).toBe(true);
  });

  test('the inline site styles stay in place after hydration and client-side navigation', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'User-Agent': BROWSER_UA });
    await gotoHydrated(page, '/');
    const styled = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('head style')].some((s) => s.textContent?.includes('.skip-link')),
      );
    expect(await styled()).toBe(true);
    await page.getByRole('banner').getByRole('link', { name: 'Тренеры' }).first().click();
    await expect(page).toHaveURL(/\/coaches$/);
    expect(await styled()).toBe(true);
    await expect(page.locator('.skip-link')).toHaveCSS('position', 'absolute');
  });

  test('hashed build assets are cached immutably and sent as compressed at build time', async ({ page, request }) => {
    await page.goto('/');
    const src =
      (await page
        .locator('script[type="module"][src^="/assets/"], link[rel="modulepreload"]')
        .first()
        .getAttribute('src')) ?? (await page.locator('link[rel="modulepreload"]').first().getAttribute('href'));
    expect(src).toBeTruthy();
    const response = await request.get(src!);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('immutable');
    // Compressed by the build, once (ADR 55): brotli where the browser takes it, else gzip, else the file itself.
    const plain = await request.get(src!, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    for (const [accepted, sent] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const compressed = await request.get(src!, { headers: { 'Accept-Encoding': accepted! } });
      expect(compressed.headers()['content-encoding'], accepted).toBe(sent);
      expect(compressed.headers().vary, accepted).toContain('Accept-Encoding');
      expect(compressed.headers()['cache-control'], accepted).toContain('immutable');
      expect(Number(compressed.headers()['content-length']), accepted).toBeLessThan((await plain.body()).length);
      expect((await compressed.body()).equals(await plain.body()), accepted).toBe(true);
    }
  });
});

test.describe('unknown paths and the error page', () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled });

      test('an unknown path answers 404 with the error page', async ({ page }) => {
        const response = await page.goto('/no-such-page/here');
        expect(response?.status()).toBe(404);
        await expect(page).toHaveTitle('Ошибка');
        await expect(page.getByRole('heading', { level: 1, name: 'Ошибка' })).toBeVisible();
        await expect(page.getByText('404', { exact: true })).toBeVisible();
        await expect(page.getByText('Page not found: /no-such-page/here')).toBeVisible();
        const home = page.getByRole('link', { name: 'Перейдите на главную страницу' });
        await expect(home).toHaveAttribute('href', '/');
        // A full-bleed background picture shipped in public/.
        const background = page.locator('.error-page__background');
        await expect(background).toHaveAttribute('src', /\/images\/error-background\.jpg$/);
        const box = await background.boundingBox();
        const viewport = page.viewportSize()!;
        expect(box?.width).toBeGreaterThanOrEqual(viewport.width);
        expect(box?.height).toBeGreaterThanOrEqual(viewport.height);
        if (javaScriptEnabled) {
          // With the page open, the checks that need the same page with JavaScript (docs/testing.md, "Cheaper tests").
          await test.step('the error page has no serious accessibility problems', async () => {
            await expectNoSeriousA11yViolations(page);
          });
        }
        await home.click();
        await expect(page).toHaveURL(/\/$/);
        if (javaScriptEnabled) {
          await test.step('following a link to an unknown path shows the error page with the path', async () => {
            await waitForHydration(page);
            await page.evaluate(() => {
              const link = document.createElement('a');
              link.href = '/missing-club';
              link.textContent = 'missing';
              link.id = 'missing-link';
              document.body.append(link);
            });
            await page.locator('#missing-link').click();
            await expect(page.getByText('Page not found: /missing-club')).toBeVisible();
            await expect(page).toHaveTitle('Ошибка');
          });
        }
      });
    });
  }

  test('a bot gets the status code but no error page', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    const page = await context.newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Ошибка' })).toHaveCount(0);
    await context.close();
  });
});

test.describe('gym selection', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false, userAgent: BROWSER_UA });

    test('the header form switches the active gym and returns to the same page', async ({ page, context }) => {
      await page.goto('/');
      const hero = page.getByRole('heading', { level: 1 });
      await expect(hero).toHaveText('Клуб на Малышева');
      await page.getByLabel('Ваш клуб').selectOption({ label: 'Клуб на Уралмаше' });
      await page.getByRole('button', { name: 'Выбрать' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(hero).toHaveText('Клуб на Уралмаше');
      const cookie = (await context.cookies()).find((c) => c.name === 'gym');
      // React Router cookies hold base64-encoded JSON.
      expect(JSON.parse(Buffer.from(decodeURIComponent(cookie!.value), 'base64').toString())).toBe('2');
      // Remembered for a year.
      const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(360);
    });

    test('a hostile redirectTo stays on the site', async ({ request, baseURL }) => {
      const response = await request.post('/gym', {
        form: { gymId: '2', redirectTo: '//evil.example/steal' },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe('/');
    });
  });

  test.describe('with JavaScript', () => {
    test('switches without a full reload, showing the loading indicator', async ({ page }) => {
      await gotoHydrated(page, '/');
      await page.evaluate(() => {
        (window as unknown as { marker: string }).marker = 'same-document';
      });
      const hero = page.getByRole('heading', { level: 1 });
      await expect(hero).toHaveText('Клуб на Малышева');
      const status = page.getByRole('status');
      await page.getByLabel('Ваш клуб').selectOption({ label: 'Клуб в Академическом' });
      await expect(status).toContainText('Загрузка');
      await expect(hero).toHaveText('Клуб в Академическом');
      await expect(status).toHaveText('');
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-document');
    });

    test('choosing the gym that is already active does nothing', async ({ page }) => {
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      await gotoHydrated(page, '/');
      await page.getByLabel('Ваш клуб').dispatchEvent('change');
      await page.waitForTimeout(300);
      expect(posts).toEqual([]);
      await expect(page.getByRole('status')).toHaveText('');
    });
  });
});

test.describe('gym list is fetched once', () => {
  test('client-side navigation does not load the root data (the gym list) again', async ({ page }) => {
    await gotoHydrated(page, '/');
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.data')) dataRequests.push(request.url());
    });
    await page
      .getByRole('navigation', { name: 'Основная навигация' })
      .getByRole('link', { name: 'Направления' })
      .click();
    await expect(page).toHaveURL(/\/trends$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(dataRequests.length).toBeGreaterThan(0);
    for (const url of dataRequests) {
      // Single fetch names the route loaders to run; the root loader is not among them.
      const routes = new URL(url).searchParams.get('_routes');
      expect(routes, url).not.toBeNull();
      expect(routes!.split(',')).not.toContain('root');
    }
  });
});

test.describe('global loading indicator', () => {
  test('turns on when a page change starts and off 500 ms after the page has loaded', async ({ page }) => {
    await gotoHydrated(page, '/');
    // Record, in page time, when the indicator text appears and disappears and when the new page rendered.
    await page.evaluate(() => {
      const w = window as unknown as { timeline: Record<string, number> };
      w.timeline = {};
      const status = document.querySelector('[role="status"]')!;
      new MutationObserver(() => {
        const text = status.textContent ?? '';
        if (text.includes('Загрузка') && !w.timeline.on) w.timeline.on = performance.now();
        if (!text && w.timeline.on && !w.timeline.off) w.timeline.off = performance.now();
      }).observe(status, { childList: true, subtree: true, characterData: true });
      new MutationObserver(() => {
        if (location.pathname === '/trends' && !w.timeline.loaded) w.timeline.loaded = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
      w.timeline.start = performance.now();
    });
    await page
      .getByRole('navigation', { name: 'Основная навигация' })
      .getByRole('link', { name: 'Направления' })
      .click();
    await expect(page).toHaveURL(/\/trends$/);
    // The address changes before React has committed the page change on a slow machine, so the empty indicator
    // may not have been on yet: wait until it has gone off after being on.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { timeline: Record<string, number> }).timeline.off), {
        timeout: 5000,
      })
      .toBeDefined();
    await expect(page.getByRole('status')).toHaveText('');
    const timeline = await page.evaluate(() => (window as unknown as { timeline: Record<string, number> }).timeline);
    expect(timeline.on, 'indicator turned on').toBeDefined();
    expect(timeline.loaded, 'new page rendered').toBeDefined();
    expect(timeline.off, 'indicator turned off').toBeDefined();
    expect(timeline.on!).toBeLessThanOrEqual(timeline.loaded!);
    expect(timeline.off! - timeline.loaded!).toBeGreaterThanOrEqual(450);
    expect(timeline.off! - timeline.loaded!).toBeLessThan(2000);
  });
});

test.describe('home page basics', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`renders the active gym from the database ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled, userAgent: BROWSER_UA });
      const page = await context.newPage();
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Клуб на Малышева');
      await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible();
      if (javaScriptEnabled) {
        await test.step('has no serious accessibility problems', async () => {
          await expectNoSeriousA11yViolations(page);
        });
      }
      await context.close();
    });
  }
});
