/** Staff accounts: only admins manage them; disabling a user ends their session at once. */
import { expect, test } from '@playwright/test';
import { expectFlash, login, row, unique } from '#tests/e2e/admin/helpers.ts';

test.use({ javaScriptEnabled: false });

test('an admin adds an editor; the editor cannot manage staff; disabling ends the editor’s session', async ({
  page,
  browser,
}) => {
  const email = `${unique('editor').replace(' ', '-')}@club.test`;
  const password = 'editor-password-1';
  await login(page, '/admin/staff');
  await expect(page).toHaveTitle('Сотрудники — Редактор контента');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Имя').fill('Редактор Тестов');
  await page.getByLabel(/^Пароль/).fill(password);
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expectFlash(page, 'Сотрудник добавлен');
  await expect(row(page, email)).toContainText('Редактор');

  const editorContext = await browser.newContext({ javaScriptEnabled: false });
  const editor = await editorContext.newPage();
  await editor.goto('/login');
  await editor.getByLabel('Email').fill(email);
  await editor.getByLabel('Пароль').fill(password);
  await editor.getByRole('button', { name: 'Войти' }).click();
  await expect(editor.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await expect(editor.getByRole('link', { name: 'Сотрудники' })).toHaveCount(0);
  const forbidden = await editor.goto('/admin/staff');
  expect(forbidden?.status()).toBe(403);
  await editor.goto('/admin/gyms');
  await expect(editor.getByRole('heading', { name: 'Залы' })).toBeVisible();

  await row(page, email).getByRole('button', { name: 'Отключить' }).click();
  await expectFlash(page, 'Сотрудник отключён');
  await editor.goto('/admin/gyms');
  await expect(editor).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fgyms$/);
  await editorContext.close();
});
