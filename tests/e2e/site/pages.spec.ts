import { expect, test } from '@playwright/test';
import {
  BROWSER_UA,
  collectForeignRequests,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  PUBLIC_PAGES,
} from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

// One test per page walk, not per page: a test's new context and first page cost more than a later page in the same
// context (docs/testing.md, "Cheaper tests"); each page is a step of its own in the report.
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'public pages with JavaScript' : 'public pages without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('every public page shows its content, title, description, Open Graph and canonical URL', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      for (const { path, heading } of PUBLIC_PAGES) {
        await test.step(path, async () => {
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(page).toHaveTitle(/Атлетика/);
          await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
          await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
          await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /\S/);
          await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
            'href',
            `${baseURL}${path === '/' ? '/' : path}`,
          );
        });
      }
    });
  });
}

test.describe('content of the pages', () => {
  test('the home page shows trends, the current promo only, cards with prices, coaches, gallery, partners and gyms', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Направления' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Пилатес', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Первый месяц за 3 490 ₽' })).toBeVisible();
    await expect(page.getByText('Приведи друга')).toHaveCount(0);
    await expect(page.getByText('Открытие новой сайкл-студии')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Годовая карта' })).toBeVisible();
    await expect(page.getByText('24 900 ₽')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Тренеры клуба' })).toBeVisible();
    await expect(page.getByRole('img', { name: /тренажёрный зал с силовыми рамами/i })).toBeVisible();
    await expect(page.getByRole('link', { name: /Зелёная тарелка/ })).toHaveAttribute(
      'href',
      'https://zelenaya-tarelka.example/',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Клубы на карте' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Открыть на Яндекс Картах/ })).toHaveCount(3);
  });

  test('images go through the image service with WebP srcsets, sizes and placeholders', async ({ page, request }) => {
    await page.goto('/');
    const hero = page.locator('.hero img');
    await expect(hero).toHaveAttribute('width', /\d+/);
    await expect(hero).toHaveAttribute('height', /\d+/);
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    const srcset = (await hero.getAttribute('srcset')) ?? '';
    for (const width of [320, 640, 768, 1024, 1280, 1536]) expect(srcset).toContain(`${width}w`);
    expect(srcset).toMatch(/\/_img\/f_webp,w_\d+\/imgs\//);
    expect(await hero.getAttribute('style')).toContain('data:image/webp;base64');
    const galleryImage = page.locator('.gallery img').first();
    await expect(galleryImage).toHaveAttribute('loading', 'lazy');
    // The variant URLs contain commas themselves: entries are split on a comma followed by whitespace.
    const first = srcset.split(/,\s+/)[0]!.trim().split(' ')[0]!;
    const image = await request.get(first);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');
  });

  test('the trend page lists its trainings, upcoming sessions and coaches', async ({ page }) => {
    await page.goto('/trends/1');
    await expect(page.getByRole('link', { name: 'Хатха-йога' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /Ближайшие занятия/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Тренеры' })).toBeVisible();
  });

  test('the coach list filters by trend as a plain GET form', async ({ page }) => {
    await page.goto('/coaches');
    await page.getByLabel('Направление').selectOption({ label: 'Единоборства' });
    await page.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/\/coaches\?trend=4/);
    await expect(page.getByRole('link', { name: 'Дмитрий Андреевич Волков' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Анна Сергеевна Ковалёва' })).toHaveCount(0);
  });

  test('the coach profile shows trends, gyms, weekly sessions and a bid form', async ({ page }) => {
    await page.goto('/coaches/1');
    await expect(page.getByRole('list', { name: 'Направления' }).getByRole('link', { name: 'Йога' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Где тренирует' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Клуб в Академическом')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Записаться к тренеру' })).toBeVisible();
  });

  test('the training page shows its trend, level, duration and bid form', async ({ page }) => {
    await page.goto('/trainings/1');
    await expect(page.getByRole('definition').filter({ hasText: 'Любой уровень' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '75 мин' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Записаться на тренировку' })).toBeVisible();
  });

  test('the landing /new has minimal navigation and the trial form', async ({ page }) => {
    await page.goto('/new');
    await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Как проходит первый визит' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Отправить заявку' })).toBeVisible();
  });

  test('unknown records and malformed ids answer 404 through the error page', async ({ page }) => {
    for (const path of ['/trends/999999', '/coaches/999999', '/trainings/999999', '/coaches/abc', '/trends/0']) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: 'Ошибка' })).toBeVisible();
        await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
      });
    }
  });
});

test.describe('gym switch', () => {
  test('choosing another gym changes the hero, the coaches and the cards (without JavaScript)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, userAgent: BROWSER_UA });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByText('Утренняя карта')).toHaveCount(0);
    await page.getByLabel('Ваш клуб').selectOption({ label: 'Клуб на Уралмаше' });
    await page.getByRole('button', { name: 'Выбрать' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Клуб на Уралмаше' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Утренняя карта' })).toBeVisible();
    await page.goto('/coaches');
    await expect(page.getByRole('link', { name: 'Екатерина Игоревна Смирнова' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Юлия Дмитриевна Новикова' })).toHaveCount(0);
    await context.close();
  });

  test('with JavaScript the schedule follows the gym without a reload', async ({ page }) => {
    await gotoHydrated(page, '/shedule');
    // A gym whose name says «Клуб» is named as it is, not «Клуб «Клуб на Малышева»».
    const lead = page.locator('.page-head__lead');
    await expect(lead).toHaveText(/^Клуб на Малышева, /);
    await page.getByLabel('Ваш клуб').selectOption({ label: 'Клуб в Академическом' });
    await expect(lead).toHaveText(/^Клуб в Академическом, /);
    await expect(lead).not.toContainText('«');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  });
});

test.describe('no requests to other hosts', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`public pages load nothing from another host ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled, userAgent: BROWSER_UA });
      const page = await context.newPage();
      const foreign = collectForeignRequests(page, baseURL!);
      for (const { path } of PUBLIC_PAGES) {
        await page.goto(path);
        await page.mouse.wheel(0, 20_000);
        await page.waitForLoadState('networkidle');
      }
      expect(foreign).toEqual([]);
      await context.close();
    });
  }
});

test('every page hydrates without errors or warnings in the console', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const { path } of PUBLIC_PAGES) await gotoHydrated(page, path);
  expect(problems).toEqual([]);
});

test.describe('accessibility', () => {
  test('no public page has serious or critical axe violations', async ({ page }) => {
    test.setTimeout(120_000);
    for (const { path } of PUBLIC_PAGES) {
      await test.step(path, async () => {
        await gotoHydrated(page, path);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });

  test('a phone-sized schedule has no serious axe violations', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await gotoHydrated(page, '/shedule');
    await expectNoSeriousA11yViolations(page);
  });
});
