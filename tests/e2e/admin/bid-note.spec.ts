/** After a status change the note box starts empty again and the saved note is shown, with and without JavaScript. */
import { expect, test } from '@playwright/test';
import { expectFlash, login } from '#tests/e2e/admin/helpers.ts';

// Each variant works on its own demo bid (both are new in the demo data), so they may run in parallel.
for (const [javaScriptEnabled, name] of [
  [false, 'Наталья Белова'],
  [true, 'Тимур Хасанов'],
] as const) {
  test(`a saved note is shown and the box is emptied (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await login(page, `/admin/bids?q=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    const note = page.getByLabel('Заметка (для отказа — причина)');
    const text = `Перезвонить в ${Date.now() % 1000}`;
    await page.getByLabel('Новый статус').selectOption({ label: 'В работе' });
    await note.fill(text);
    await page.getByRole('button', { name: 'Сохранить статус' }).click();
    await expectFlash(page, 'Статус: В работе');
    await expect(note).toHaveValue('');
    await expect(page.locator('.admin-details')).toContainText(text);
    await expect(page.locator('.admin-history')).toContainText(text);

    // A change without a note keeps the saved one; a refusal still needs its own reason.
    await page.getByLabel('Новый статус').selectOption({ label: 'Отказ' });
    await page.getByRole('button', { name: 'Сохранить статус' }).click();
    await expect(page.getByText('Укажите причину отказа')).toBeVisible();
    await page.getByLabel('Новый статус').selectOption({ label: 'Обработана' });
    await note.fill('');
    await page.getByRole('button', { name: 'Сохранить статус' }).click();
    await expectFlash(page, 'Статус: Обработана');
    await expect(note).toHaveValue('');
    await expect(page.locator('.admin-details')).toContainText(text);
    await context.close();
  });
}
