/** A gym's weekly slots edited as a week (docs/product/staff.md), with JavaScript on and off. */
import { expect, test } from '@playwright/test';
import { expectFlash, fillForm, login, save, withTableLock } from '#tests/e2e/admin/helpers.ts';

for (const [javaScriptEnabled, time] of [
  [false, '06:05'],
  [true, '06:10'],
] as const) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('the week grid: add a slot on a day, see it in time order, delete it', async ({ page }) => {
      await login(page, '/admin/trainings/slots');
      await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
      const gyms = page.getByRole('navigation', { name: 'Залы' });
      await expect(gyms.getByRole('link')).not.toHaveCount(0);
      const gymName = (await gyms.locator('[aria-current="page"]').textContent())?.trim() ?? '';
      expect(gymName).not.toBe('');

      const week = page.getByRole('list', { name: 'Неделя' });
      for (const day of ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье']) {
        await expect(week.getByRole('listitem').filter({ has: page.getByRole('heading', { name: day }) })).toHaveCount(
          1,
        );
      }
      // Slot links are named like «Пн 07:30 Хатха-йога (Новикова)», never a raw time like «07:30:00».
      await expect(page.getByRole('link', { name: /^Пн \d\d:\d\d \S/ }).first()).toBeVisible();
      await expect(page.getByText(/\d\d:\d\d:\d\d/)).toHaveCount(0);

      // The twin with JavaScript on or off adds its own slot to the same Wednesday: one at a time, so each finds its
      // slot first there.
      const label = await withTableLock('trainings/slots', async () => {
        await page.getByRole('link', { name: 'Добавить занятие: среда' }).click();
        await expect(page.getByLabel('Зал', { exact: true })).toHaveValue(/\d+/);
        await expect(page.getByLabel('День недели')).toHaveValue('3');
        await fillForm(page, [
          { label: 'Тренировка', select: 'Хатха-йога' },
          { label: 'Тренер', select: 'Юлия Дмитриевна Новикова' },
          { label: 'Начало', fill: time },
          { label: 'Длительность, мин', fill: '60' },
        ]);
        await save(page);
        const label = `Ср ${time} Хатха-йога (Новикова)`;
        await expectFlash(page, `Сохранено: «${label}»`);
        // Back on the same gym's week, the new slot first on Wednesday.
        await expect(gyms.locator('[aria-current="page"]')).toHaveText(gymName);
        const wednesday = week.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Среда' }) });
        await expect(wednesday.locator('.admin-slot__link').first()).toHaveAccessibleName(label);

        await page.getByRole('link', { name: `Удалить «${label}»` }).click();
        if (javaScriptEnabled) {
          const dialog = page.getByRole('dialog', { name: 'Подтверждение удаления' }).filter({ hasText: label });
          await expect(dialog).toBeVisible();
          await dialog.getByRole('button', { name: 'Да, удалить' }).click();
        } else {
          await expect(page.getByRole('heading', { level: 1, name: `Удалить «${label}»?` })).toBeVisible();
          await page.getByRole('button', { name: 'Да, удалить' }).click();
        }
        await expectFlash(page, `Удалено: «${label}»`);
        await expect(page.getByRole('link', { name: label, exact: true })).toHaveCount(0);
        return label;
      });

      await page.goto('/admin/audit');
      await expect(page.getByText(`удаление: занятие расписания «${label}»`)).toBeVisible();
      await expect(page.getByRole('link', { name: `занятие расписания «${label}»` })).toBeVisible();
    });
  });
}

test('dated changes are listed by day, like «24 ноября, вт»', async ({ page }) => {
  await login(page, '/admin/trainings/changes');
  const cells = page.getByRole('cell').filter({ hasText: /^\d{1,2} [а-я]+, (пн|вт|ср|чт|пт|сб|вс)$/ });
  await expect(cells.first()).toBeVisible();
  await expect(page.getByText(/\d{4}-\d\d-\d\d/)).toHaveCount(0);
});

test('each slot with places shows its next session’s sign-ups, linked to that session in the bid inbox', async ({
  page,
}) => {
  // The demo seed has sign-ups in the first club tomorrow, one session full with a waiting list
  // (docs/demo-content.md); other tests may add to them, so only the shape of the counts is fixed. The full session's
  // capacity is its own, lowered by a dated change: as many booked as it has places («30.11: 4 из 4, ждут 2»), not
  // the slot's usual capacity (nor none, for a trend without one).
  await login(page, '/admin/trainings/slots');
  const week = page.getByRole('list', { name: 'Неделя' });
  const full = week.getByRole('link', { name: /^\d\d\.\d\d: (\d+) из \1, ждут \d+$/ }).first();
  await expect(full).toBeVisible();
  await expect(full).toHaveAttribute('href', /^\/admin\/bids\?slot=\d+&date=\d{4}-\d{2}-\d{2}$/);
  await full.click();
  await expect(page).toHaveURL(/\/admin\/bids\?slot=\d+&date=/);
  await expect(page.getByRole('row').filter({ hasText: 'Лист ожидания, № 1' }).first()).toBeVisible();
});
