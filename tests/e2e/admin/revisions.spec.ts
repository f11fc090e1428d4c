/**
 * Versions of content records (docs/revisions.md), with JavaScript on and off: a coach edited twice shows its history
 * with the changed fields, an old version side by side with the current one, and its restore; a deleted trend comes
 * back from «Удалённые» with its cover.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  deleteFromList,
  expectFlash,
  fillAndSave,
  login,
  pngFile,
  row,
  unique,
  withTableLock,
} from '#tests/e2e/admin/helpers.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

async function openRecord(page: Page, list: string, name: string): Promise<string> {
  await page.goto(`${list}?q=${encodeURIComponent(name)}`);
  await row(page, name).getByRole('link', { name: 'Изменить' }).click();
  await expect(page.getByRole('heading', { name: `Изменить «${name}»` })).toBeVisible();
  return new URL(page.url()).pathname;
}

for (const javaScriptEnabled of [false, true]) {
  const mode = `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;

  test.describe(mode, () => {
    test.use({ javaScriptEnabled });

    test(`a coach edited twice shows its history, compares and restores an old version (${mode})`, async ({ page }) => {
      test.slow();
      const name = unique('Тренер с историей');
      await login(page, '/admin/coaches/new');
      await fillAndSave(page, [
        { label: 'Имя и фамилия', fill: name },
        { label: 'Должность', fill: 'Тренер по плаванию' },
        { label: 'Опубликовано', check: true },
      ]);

      const edit = await openRecord(page, '/admin/coaches', name);
      await fillAndSave(page, [{ label: 'Должность', fill: 'Старший тренер по плаванию' }]);
      await page.goto(edit);
      await fillAndSave(page, [{ label: 'Кратко', fill: 'Учит плавать взрослых с нуля' }]);

      await page.goto(edit);
      await page.getByRole('link', { name: 'История', exact: true }).click();
      await expect(page.getByRole('heading', { name: `История «${name}»` })).toBeVisible();
      const versions = page.getByRole('list', { name: 'Версии, новые сверху' }).getByRole('listitem');
      await expect(versions).toHaveCount(3);
      await expect(versions.nth(0)).toContainText('Изменено: Кратко');
      await expect(versions.nth(0)).toContainText('Текущая');
      await expect(versions.nth(1)).toContainText('Изменено: Должность');
      await expect(versions.nth(2)).toContainText('Создание');

      await versions
        .nth(2)
        .getByRole('link', { name: /Сравнить с текущей/ })
        .click();
      await expect(page.getByRole('heading', { name: /^Версия от / })).toBeVisible();
      const position = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Должность/ }) });
      await expect(position.getByRole('cell').nth(0)).toHaveText('Тренер по плаванию');
      await expect(position.getByRole('cell').nth(1)).toHaveText('Старший тренер по плаванию');
      await expect(position.getByRole('rowheader')).toContainText('изменено');
      const fullName = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Имя и фамилия/ }) });
      await expect(fullName.getByRole('rowheader')).not.toContainText('изменено');

      await page.getByRole('button', { name: 'Восстановить эту версию' }).click();
      await expectFlash(page, 'Восстановлена версия');
      await expect(page).toHaveURL(new RegExp(`${edit}$`));
      await expect(page.getByLabel('Должность', { exact: true })).toHaveValue('Тренер по плаванию');
      await expect(page.getByLabel('Кратко', { exact: true })).toHaveValue('');

      // The site shows the restored value at once.
      await page.goto(`/coaches/${edit.split('/').at(-1)}`);
      await expect(page.getByText('Тренер по плаванию', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('Старший тренер по плаванию')).toHaveCount(0);

      await page.goto(`${edit}/history`);
      await expect(versions).toHaveCount(4);
      await expect(versions.nth(0)).toContainText('Восстановление');
      await expect(versions.nth(0)).toContainText('Изменено: Должность, Кратко');
    });

    test(`a deleted trend is listed under «Удалённые» and restored with its cover (${mode})`, async ({ page }) => {
      test.slow();
      const name = unique('Направление на удаление');
      await login(page, '/admin/trainings/trends/new');
      await fillAndSave(page, [
        { label: 'Название', fill: name },
        { label: 'Обложка', file: await pngFile('cover.png') },
      ]);

      const edit = await openRecord(page, '/admin/trainings/trends', name);
      // Deleting and restoring moves this row out of and back into the table's order, which the sections spec
      // compares rows in: not while it does.
      await withTableLock('trainings/trends', async () => {
        await deleteFromList(page, 'trainings/trends', name);
        await expect(row(page, name)).toHaveCount(0);

        await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Удалённые' }).click();
        await expect(page.getByRole('heading', { name: 'Удалённые', level: 1 })).toBeVisible();
        const filter = page.getByRole('search', { name: 'Раздел удалённых записей' });
        await filter.getByLabel('Раздел').selectOption({ label: 'Тренеры' });
        await filter.getByRole('button', { name: 'Показать' }).click();
        await expect(page).toHaveURL(/section=coaches/);
        await expect(row(page, name)).toHaveCount(0);
        await filter.getByLabel('Раздел').selectOption({ label: 'Направления' });
        await filter.getByRole('button', { name: 'Показать' }).click();
        await expect(page).toHaveURL(/section=trainings%2Ftrends/);
        await expect(row(page, name)).toContainText('Направления');
        await row(page, name)
          .getByRole('link', { name: `Посмотреть «${name}»` })
          .click();
        const cover = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Обложка/ }) });
        await expect(cover.getByRole('cell').nth(0).locator('img')).toHaveCount(1);
        await page.goto('/admin/deleted');
        await row(page, name)
          .getByRole('button', { name: `Восстановить «${name}»` })
          .click();
        await expectFlash(page, `Восстановлено: «${name}»`);
      });
      await expect(page).toHaveURL(new RegExp(`${edit}$`));
      await expect(page.getByLabel('Название', { exact: true })).toHaveValue(name);
      await expect(page.locator('.admin-field__preview')).toHaveCount(1);

      await page.goto('/admin/deleted');
      await expect(row(page, name)).toHaveCount(0);
      await page.goto(`/admin/trainings/trends?q=${encodeURIComponent(name)}`);
      await expect(row(page, name)).toHaveCount(1);
    });
  });
}

test('a restore from a stale «Удалённые» page is refused and keeps the edits made since', async ({ browser }) => {
  test.slow();
  // JavaScript off: the stale tab is a plain form that posts what it showed.
  const context = await browser.newContext({ javaScriptEnabled: false, userAgent: BROWSER_UA });
  const [stale, fresh] = [await context.newPage(), await context.newPage()];
  const name = unique('Направление дважды');
  await login(fresh, '/admin/trainings/trends/new');
  await fillAndSave(fresh, [{ label: 'Название', fill: name }]);
  const edit = await openRecord(fresh, '/admin/trainings/trends', name);
  await withTableLock('trainings/trends', async () => {
    await deleteFromList(fresh, 'trainings/trends', name);

    // Two tabs show the deleted record; one restores it and the record is edited afterwards.
    await stale.goto('/admin/deleted');
    await fresh.goto('/admin/deleted');
    await row(fresh, name)
      .getByRole('button', { name: `Восстановить «${name}»` })
      .click();
    await expectFlash(fresh, `Восстановлено: «${name}»`);
  });
  await fillAndSave(fresh, [{ label: 'Кратко', fill: 'Добавлено после восстановления' }]);

  await row(stale, name)
    .getByRole('button', { name: `Восстановить «${name}»` })
    .click();
  await expect(stale.getByRole('alert')).toContainText('Эту запись уже восстановили');
  await fresh.goto(edit);
  await expect(fresh.getByLabel('Кратко', { exact: true })).toHaveValue('Добавлено после восстановления');
  await context.close();
});

test('the history, compare and deleted pages have no axe violations', async ({ page }) => {
  test.slow();
  // The demo seed gives the first coach three versions (docs/demo-content.md).
  await login(page, '/admin/coaches/1/history');
  const check = async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((violation) => `${new URL(page.url()).pathname}: ${violation.id}`)).toEqual([]);
  };
  await expect(page.getByRole('list', { name: 'Версии, новые сверху' }).getByRole('listitem')).not.toHaveCount(0);
  await check();
  await page
    .getByRole('link', { name: /Сравнить с текущей/ })
    .last()
    .click();
  await expect(page.getByRole('button', { name: 'Восстановить эту версию' })).toBeVisible();
  await check();
  await page.goto('/admin/deleted');
  await check();
});
