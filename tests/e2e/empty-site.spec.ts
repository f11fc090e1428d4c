/**
 * A site started without the demo content (`DEMO_CONTENT=0`, docs/demo-content.md): every public page answers with a
 * Russian message instead of an error, and the staff dashboard shows the first step.
 */
import { expect, test } from '@playwright/test';
import { runOnOwnServer } from '#tests/e2e/own-server.ts';
import { E2E_ADMIN, E2E_PORT } from '#tests/e2e/settings.ts';

runOnOwnServer({
  // Next to the suite's own server (E2E_PORT), so two worktrees running the suite at once do not collide.
  port: Number(process.env.E2E_EMPTY_PORT ?? E2E_PORT + 23),
  dataDir: '.e2e-data/empty-site',
  env: { DEMO_CONTENT: '0', ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
});

const PAGES: Array<{ path: string; heading: string; message: string }> = [
  { path: '/', heading: 'Клубы на карте', message: 'Адреса клубов появятся здесь совсем скоро.' },
  { path: '/shedule', heading: 'Расписание', message: 'Клубы появятся на сайте совсем скоро' },
  { path: '/coaches', heading: 'Тренеры', message: 'Скоро здесь появятся тренеры клуба.' },
  { path: '/trends', heading: 'Направления', message: 'Скоро здесь появятся направления клуба.' },
  { path: '/promos', heading: 'Акции', message: 'Сейчас акций нет' },
];

// One test walks the pages, each a step (docs/testing.md, "Cheaper tests"); soft checks, so one page's failure does not
// hide the next pages'.
test('the public pages of an empty site show a message, not an error', async ({ page }) => {
  for (const { path, heading, message } of PAGES) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect.soft(response?.status(), path).toBe(200);
      await expect.soft(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect.soft(page.getByText(message)).toBeVisible();
    });
  }
});

test('the staff dashboard of an empty site says where to start', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Пароль').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Сайт пуст — начните с добавления клуба.')).toBeVisible();
  await page.getByRole('link', { name: 'добавления клуба' }).click();
  await expect(page).toHaveURL(/\/admin\/gyms\/new$/);
});
