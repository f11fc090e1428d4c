/** A subset again with JavaScript on: client-side navigation, the delete dialog, the session check on .data requests. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  expectFlash,
  fillForm,
  login,
  moveUpAndDelete,
  pngImage,
  row,
  save,
  unique,
} from '#tests/e2e/admin/helpers.ts';

test('with JavaScript: create with an upload, publish, reorder and delete through the dialog', async ({ page }) => {
  const name = unique('Партнёр JS');
  await login(page, '/admin/partners');
  await page.getByRole('link', { name: 'Добавить партнёра' }).click();
  await expect(page).toHaveTitle('Партнёры — Редактор контента');
  await fillForm(page, [
    { label: 'Название', fill: name },
    { label: 'Сайт', fill: 'https://example.org/' },
    { label: 'Логотип', file: { name: 'logo.png', mimeType: 'image/png', buffer: await pngImage(400, 200) } },
    { label: 'Описание изображения «Логотип»', fill: `Логотип ${name}` },
  ]);
  await save(page);
  await expectFlash(page, `Сохранено: «${name}»`);
  await expect(row(page, name)).toHaveCount(1);
  await expect(row(page, name).locator('img')).toHaveCount(1);

  // A new record starts unpublished.
  await row(page, name)
    .getByRole('button', { name: `Опубликовать «${name}»` })
    .click();
  await expectFlash(page, 'Опубликовано');
  await row(page, name)
    .getByRole('button', { name: `Снять с публикации «${name}»` })
    .click();
  await expectFlash(page, 'Снято с публикации');
  await moveUpAndDelete(page, 'partners', name, true);
});

test('with JavaScript: the bid inbox filters and a status change', async ({ page }) => {
  await login(page, '/admin/bids');
  await page.getByRole('search', { name: 'Фильтры заявок' }).getByLabel('Статус').selectOption({ label: 'Новая' });
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/status=new/);
  // The name's link (a sign-up's row also links to its session).
  await page.locator('tbody tr').first().getByRole('link').first().click();
  await page.getByLabel('Новый статус').selectOption({ label: 'Обработана' });
  await page.getByRole('button', { name: 'Сохранить статус' }).click();
  await expectFlash(page, 'Статус: Обработана');
});

test('with JavaScript: after logout a client-side navigation to a staff page lands on the login page', async ({
  page,
}) => {
  await login(page, '/admin');
  await page.context().clearCookies();
  await page.getByRole('link', { name: 'Залы' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fgyms$/);
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
});

// The staff pages' axe checks with JavaScript on: one test that walks them, each page a step in one signed-in context
// (docs/testing.md, "Cheaper tests").
test('the staff pages have no axe violations', async ({ page }) => {
  // Eight axe runs in one test: on a slow 2-core machine one page's run takes up to a few seconds.
  test.slow();
  const paths = [
    '/admin',
    '/admin/bids',
    '/admin/gyms',
    '/admin/gyms/1',
    '/admin/coaches/new',
    '/admin/trainings/slots',
    '/admin/staff',
    '/admin/account',
  ];
  await login(page, paths[0]);
  for (const path of paths) {
    await test.step(path, async () => {
      if (path !== paths[0]) await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      const { violations } = await new AxeBuilder({ page }).analyze();
      // Soft: a page's violations do not hide the next pages'.
      expect.soft(violations.map((violation) => `${path}: ${violation.id}`)).toEqual([]);
    });
  }
});
