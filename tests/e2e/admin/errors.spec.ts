/** Errors inside the staff area keep the staff navigation and speak Russian (docs/product/staff.md). */
import { expect, test } from '@playwright/test';
import { login, withAndWithoutJavaScript } from '#tests/e2e/admin/helpers.ts';

withAndWithoutJavaScript(() => {
  test('a missing record is a 404 inside the staff layout', async ({ page }) => {
    await login(page);
    const response = await page.goto('/admin/coaches/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Запись не найдена' })).toBeVisible();
    await expect(page.getByText('Ошибка 404')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Разделы' });
    await expect(nav.getByRole('link', { name: 'Тренеры' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
    // The navigation still works from the error page.
    await nav.getByRole('link', { name: 'Тренеры' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Тренеры' })).toBeVisible();
  });

  test('an unknown staff address and a missing delete page are 404s with the navigation', async ({ page }) => {
    await login(page);
    for (const path of ['/admin/content/coaches/999999', '/admin/gyms/999999/delete']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Запись не найдена' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Разделы' })).toBeVisible();
    }
  });
});
