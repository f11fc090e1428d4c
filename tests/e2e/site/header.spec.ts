/** The site header on a phone and on a desktop: every section reachable, the club's phone one tap away. */
import { expect, type Page, test } from '@playwright/test';
import { BROWSER_UA, expectNoSeriousA11yViolations, gotoHydrated } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

const SECTIONS = ['Расписание', 'Направления', 'Тренеры', 'Акции', 'Новичкам'];
const PHONE = '+7 343 312-40-51';

const callLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: `Позвонить: ${PHONE}` });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Основная навигация' });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a 360 px phone ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ viewport: { width: 360, height: 740 }, javaScriptEnabled });

    test('the club can be called with one tap from the header', async ({ page }) => {
      await page.goto('/coaches');
      const call = callLink(page);
      await expect(call).toBeVisible();
      await expect(call).toBeInViewport();
      await expect(call).toHaveAttribute('href', 'tel:+73433124051');
      const box = await call.boundingBox();
      // A finger-sized target.
      expect(box!.width).toBeGreaterThanOrEqual(40);
      expect(box!.height).toBeGreaterThanOrEqual(40);
    });

    test('every section is reachable from the menu, and the menu takes the visitor there', async ({ page }) => {
      if (javaScriptEnabled) await gotoHydrated(page, '/');
      else await page.goto('/');
      await page.getByRole('banner').getByText('Меню').click();
      for (const section of SECTIONS) {
        const link = mainNav(page).getByRole('link', { name: section });
        await expect(link).toBeVisible();
        await expect(link).toBeInViewport();
      }
      await mainNav(page).getByRole('link', { name: 'Акции' }).click();
      await expect(page).toHaveURL(/\/promos$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Акции' })).toBeVisible();
      // The new page starts with the menu closed.
      await expect(mainNav(page).getByRole('link', { name: 'Тренеры' })).toBeHidden();
    });

    test('nothing in the header is wider than the screen', async ({ page }) => {
      await page.goto('/shedule');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const banner = await page.getByRole('banner').boundingBox();
      for (const element of await page.getByRole('banner').locator('a, select, summary').all()) {
        if (!(await element.isVisible())) continue;
        const box = await element.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(banner!.width);
      }
    });
  });
}

test.describe('a 1366 px desktop', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('shows every section and the phone number in the header line', async ({ page }) => {
    await page.goto('/');
    for (const section of SECTIONS) await expect(mainNav(page).getByRole('link', { name: section })).toBeVisible();
    await expect(callLink(page)).toBeVisible();
    await expect(callLink(page)).toContainText(PHONE);
    await expect(page.getByRole('banner').getByText('Меню')).toBeHidden();
  });

  test('the loading pill never covers the phone number', async ({ page }) => {
    await gotoHydrated(page, '/');
    // The page's data is held back until the pill has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/coaches.data*', async (route) => {
      await held;
      await route.continue();
    });
    await mainNav(page).getByRole('link', { name: 'Тренеры' }).click();
    const pill = page.getByRole('status').filter({ hasText: 'Загрузка' });
    await expect(pill).toBeVisible();
    const [pillBox, phoneBox] = [await pill.boundingBox(), await callLink(page).boundingBox()];
    release();
    const apart =
      pillBox!.x + pillBox!.width <= phoneBox!.x ||
      phoneBox!.x + phoneBox!.width <= pillBox!.x ||
      pillBox!.y + pillBox!.height <= phoneBox!.y ||
      phoneBox!.y + phoneBox!.height <= pillBox!.y;
    expect(apart).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Тренеры' })).toBeVisible();
  });
});

test('the phone header with its menu open has no serious accessibility problems', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoHydrated(page, '/');
  await page.getByRole('banner').getByText('Меню').click();
  await expectNoSeriousA11yViolations(page);
});
