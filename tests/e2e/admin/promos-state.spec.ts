/** The promo list says whether each promo is on, ahead or over, with its dates (docs/product/staff.md). */
import { expect, test } from '@playwright/test';
import { expectFlash, fillForm, login, row, save, unique, withAndWithoutJavaScript } from '#tests/e2e/admin/helpers.ts';

/** A club day `days` from today (the club calendar is Moscow's; a day's margin keeps midnight out of it). */
const day = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });

withAndWithoutJavaScript(() => {
  test('promo states in the list', async ({ page }) => {
    await login(page, '/admin/promos');
    const cases = [
      { name: unique('Прошедшая акция'), from: day(-20), to: day(-10), state: 'закончилась' },
      { name: unique('Текущая акция'), from: day(-2), to: day(5), state: 'идёт' },
      { name: unique('Будущая акция'), from: day(10), to: day(20), state: 'запланирована' },
    ];
    for (const promo of cases) {
      await page.goto('/admin/promos/new');
      await fillForm(page, [
        { label: 'Название', fill: promo.name },
        { label: 'Начало', fill: promo.from },
        { label: 'Окончание (включительно)', fill: promo.to },
      ]);
      await save(page);
      await expectFlash(page, `Сохранено: «${promo.name}»`);
    }
    await expect(page.getByRole('columnheader', { name: 'Сроки' })).toBeVisible();
    for (const promo of cases) {
      const cell = row(page, promo.name).getByRole('cell').filter({ hasText: promo.state });
      await expect(cell).toHaveCount(1);
      const [, fromMonthDay] = promo.from.split('-').slice(1);
      await expect(cell).toContainText(String(Number(fromMonthDay)));
      await expect(cell).toContainText('—');
    }
  });
});
