/**
 * A staff edit is visible at once in the same browser: public pages are revalidated on every visit, both as
 * documents and as the data of client-side navigations (docs/http-caching.md).
 */
import { expect, type Page, test } from '@playwright/test';
import {
  createPublishedCoach,
  deleteFromList,
  expectFlash,
  login,
  row,
  save,
  unique,
} from '#tests/e2e/admin/helpers.ts';
import { BROWSER_UA, gotoHydrated } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

const coachCard = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { name, exact: true });

async function openInAdmin(page: Page, name: string) {
  await page.goto(`/admin/coaches?q=${encodeURIComponent(name)}`);
  await row(page, name)
    .getByRole('link', { name: `Изменить «${name}»` })
    .click();
}

test('a coach edited and then deleted by staff disappears from /coaches on the next visit in the same browser', async ({
  page,
}) => {
  const name = unique('Свежий Тренер');
  const renamed = `${name} Петрова`;
  await login(page);
  await createPublishedCoach(page, name);

  await page.goto('/coaches');
  await expect(coachCard(page, name)).toBeVisible();

  await openInAdmin(page, name);
  await page.getByLabel('Имя и фамилия', { exact: true }).fill(renamed);
  await save(page);
  await expectFlash(page, `Сохранено: «${renamed}»`);
  await page.goto('/coaches');
  await expect(coachCard(page, renamed)).toBeVisible();
  await expect(coachCard(page, name)).toHaveCount(0);

  await deleteFromList(page, 'coaches', renamed);
  await page.goto('/coaches');
  await expect(page.getByRole('heading', { level: 1, name: 'Тренеры' })).toBeVisible();
  await expect(coachCard(page, renamed)).toHaveCount(0);
});

test('a client-side navigation after a staff save shows the saved content, not a cached copy', async ({ page }) => {
  const name = unique('Новый Тренер');
  await login(page);
  await createPublishedCoach(page, name);

  // The first visit through the site's navigation puts /coaches' data into the browser's cache, if it may.
  await gotoHydrated(page, '/trends');
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Тренеры' }).click();
  await expect(coachCard(page, name)).toBeVisible();

  await deleteFromList(page, 'coaches', name);
  await gotoHydrated(page, '/trends');
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Тренеры' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Тренеры' })).toBeVisible();
  await expect(coachCard(page, name)).toHaveCount(0);
});
