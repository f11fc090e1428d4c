/**
 * A gallery upload of several files keeps every accepted picture across a failed save, and names the files it
 * refused with the reason (docs/product/images.md). With JavaScript on and off.
 */
import { expect, test } from '@playwright/test';
import {
  expectFlash,
  fillForm,
  login,
  pngFile,
  row,
  save,
  unique,
  withAndWithoutJavaScript,
} from '#tests/e2e/admin/helpers.ts';

withAndWithoutJavaScript(() => {
  test('two files and a missing description: both pictures wait in the form, then both are saved', async ({ page }) => {
    const alt = unique('Пара фото');
    await login(page, '/admin/gallery/new');
    await fillForm(page, [
      { label: 'Фотографии', file: [await pngFile('first.png', '#0ea5e9'), await pngFile('second.png', '#f43f5e')] },
    ]);
    await save(page);
    await expect(page.getByLabel('Описание для незрячих (alt)')).toHaveAccessibleDescription(/Заполните поле/);
    await expect(page.getByText('Уже загружено фото: 2.')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Загруженное фото/ })).toHaveCount(2);

    await fillForm(page, [{ label: 'Описание для незрячих (alt)', fill: alt }]);
    await save(page);
    await expectFlash(page, `Сохранено: «${alt} (2 шт.)»`);
    await page.goto(`/admin/gallery?q=${encodeURIComponent(alt)}`);
    await expect(row(page, alt)).toHaveCount(2);
  });

  test('a file that is not a picture is named with the reason; the others are kept', async ({ page }) => {
    const alt = unique('Фото с ошибкой');
    await login(page, '/admin/gallery/new');
    await fillForm(page, [
      {
        label: 'Фотографии',
        file: [
          await pngFile('good.png', '#22c55e'),
          { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('не картинка') },
          await pngFile('also-good.png', '#a855f7'),
        ],
      },
      { label: 'Описание для незрячих (alt)', fill: alt },
    ]);
    await save(page);
    const error = page.getByText(/^Не принят файл: «notes\.txt» — файл не похож на изображение/);
    await expect(error).toBeVisible();
    await expect(error).toContainText('Остальные фото загружены (2)');
    await expect(page.getByRole('img', { name: /^Загруженное фото/ })).toHaveCount(2);
    await save(page);
    await expectFlash(page, `Сохранено: «${alt} (2 шт.)»`);
    await page.goto(`/admin/gallery?q=${encodeURIComponent(alt)}`);
    await expect(row(page, alt)).toHaveCount(2);
  });
});
