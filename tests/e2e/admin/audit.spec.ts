/** The audit log reads as Russian sentences, names items and fields, and filters (docs/product/staff.md). */
import { expect, test } from '@playwright/test';
import { expectFlash, fillForm, login, save, unique, withAndWithoutJavaScript } from '#tests/e2e/admin/helpers.ts';

withAndWithoutJavaScript(() => {
  test('an edit is logged with the item, its link and the changed fields; filters narrow the log', async ({ page }) => {
    test.slow();
    const name = unique('Тренер журнала');
    await login(page, '/admin/coaches/new');
    await fillForm(page, [{ label: 'Имя и фамилия', fill: name }]);
    await save(page);
    await expectFlash(page, `Сохранено: «${name}»`);
    // The record's own page by its address (a click on a list still loading on a busy machine may be lost).
    await page.goto((await page.getByRole('link', { name, exact: true }).getAttribute('href'))!);
    await fillForm(page, [
      { label: 'Должность', fill: 'Инструктор' },
      { label: 'Кратко', fill: 'Ведёт силовые' },
    ]);
    await save(page);
    await expectFlash(page, `Сохранено: «${name}»`);

    await page.goto('/admin/audit');
    const entry = page.getByRole('listitem').filter({ hasText: `изменение: тренер «${name}»` });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('(должность, кратко)');
    await expect(entry).not.toContainText('position');
    await expect(entry.getByRole('link', { name: `тренер «${name}»` })).toHaveAttribute(
      'href',
      /\/admin\/coaches\/\d+$/,
    );
    await expect(page.getByRole('listitem').filter({ hasText: `создание: тренер «${name}»` })).toHaveCount(1);
    // Sign-ins are hidden by default.
    await expect(page.getByText('вход в редактор')).toHaveCount(0);

    const filters = page.getByRole('search', { name: 'Фильтры журнала' });
    await filters.getByRole('combobox', { name: /^Раздел/ }).selectOption({ label: 'Тренеры' });
    await filters.getByRole('combobox', { name: /^Действие/ }).selectOption({ label: 'Изменение' });
    await filters.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/section=coach/);
    await expect(page).toHaveURL(/kind=update/);
    // With JavaScript the address may change before React has committed the filtered list: read it until it is.
    const items = page.locator('.admin-audit__entry');
    await expect(async () => {
      const texts = await items.allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain('изменение: тренер');
    }).toPass({ timeout: 7_000 });

    await page.goto('/admin/audit');
    await filters.getByLabel('Показывать входы и выходы').check();
    await filters.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/sessions=1/);
    await expect(page.getByText('вход в редактор').first()).toBeVisible();

    await page.goto('/admin/audit');
    await filters.getByRole('combobox', { name: /^Сотрудник/ }).selectOption({ index: 1 });
    await filters.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/person=\d+/);
    await expect(page.locator('.admin-audit__entry').first()).toBeVisible();
  });
});
