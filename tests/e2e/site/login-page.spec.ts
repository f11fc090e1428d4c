/** The staff login looks like the rest of the product: the logo, a way back to the site, proper margins on phones. */
import { expect, test } from '@playwright/test';
import { BROWSER_UA, expectNoSeriousA11yViolations } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`/login on a 360 px phone ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ viewport: { width: 360, height: 740 }, javaScriptEnabled });

    test('shows the logo and a link back to the site, with side margins around the form', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Вход для сотрудников' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Атлетика — на главную' })).toBeVisible();
      for (const control of [
        page.getByLabel('Email'),
        page.getByLabel('Пароль'),
        page.getByRole('button', { name: 'Войти' }),
      ]) {
        const box = await control.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(16);
        expect(box!.x + box!.width).toBeLessThanOrEqual(360 - 16);
      }
      await page.getByRole('link', { name: 'Вернуться на сайт' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Клуб на Малышева' })).toBeVisible();
    });
  });
}

test('/login has no serious accessibility problems', async ({ page }) => {
  await page.goto('/login');
  await expectNoSeriousA11yViolations(page);
});
