/**
 * Pictures carry a focal point and a description (docs/product/images.md): the point is set by a click on the preview
 * with JavaScript and by two numeric fields without it; a published record's picture needs a description or the
 * decorative mark; the public page uses the description as `alt` and keeps the point inside its crop.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  expectFlash,
  fillForm,
  login,
  pngImage,
  row,
  save,
  unique,
  withAndWithoutJavaScript,
} from '#tests/e2e/admin/helpers.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

const UNDESCRIBED = 'Изображение «Логотип» без описания';

async function partnerLogoOnHome(page: Page, name: string) {
  const visitor = await page.context().browser()!.newPage({ userAgent: BROWSER_UA });
  await visitor.goto('/');
  const logo = visitor.locator('li.partner').filter({ hasText: name }).locator('img');
  await expect(logo).toHaveCount(1);
  return { visitor, logo };
}

withAndWithoutJavaScript(() => {
  test('a picture without a description is not published; its focal point and description reach the site', async ({
    page,
    javaScriptEnabled,
  }) => {
    const name = unique('Партнёр с логотипом');
    const description = `Логотип ${name}: оранжевый круг`;
    await login(page, '/admin/partners/new');
    await fillForm(page, [
      { label: 'Название', fill: name },
      { label: 'Сайт', fill: 'https://example.org/' },
      { label: 'Логотип', file: { name: 'logo.png', mimeType: 'image/png', buffer: await pngImage(400, 200) } },
      { label: 'Опубликовано', check: true },
    ]);
    await save(page);
    // Refused with the picture named; the upload is kept in the form, nothing is stored.
    await expect(page.getByText(UNDESCRIBED)).toBeVisible();
    await expect(page.getByLabel('Описание изображения «Логотип»')).toHaveAttribute('aria-invalid', 'true');
    const preview = page.locator('.admin-focal__preview img');
    await expect(preview).toHaveCount(1);

    const horizontal = page.getByRole('textbox', { name: 'По горизонтали' });
    const vertical = page.getByRole('textbox', { name: 'По вертикали' });
    await expect(horizontal).toHaveValue('50');
    if (javaScriptEnabled) {
      // A click a quarter from the left and three quarters down sets both fields and moves the marker.
      const box = (await page.locator('.admin-focal__preview').boundingBox())!;
      await page.locator('.admin-focal__preview').click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
      await expect(horizontal).toHaveValue(/^2[4-6]$/);
      await expect(vertical).toHaveValue(/^7[4-6]$/);
      await horizontal.fill('25');
      await vertical.fill('75');
      await expect(page.locator('.admin-focal__marker')).toHaveAttribute('style', /left: 25%; top: 75%/);
    } else {
      await horizontal.fill('25');
      await vertical.fill('75');
    }
    await page.getByLabel('Описание изображения «Логотип»').fill(description);
    await save(page);
    await expectFlash(page, `Сохранено: «${name}»`);

    const { visitor, logo } = await partnerLogoOnHome(page, name);
    await expect(logo).toHaveAttribute('alt', description);
    await expect(logo).toHaveCSS('object-position', '25% 75%');

    // Marked decorative instead: published with an empty alt.
    await page.goto(`/admin/partners?q=${encodeURIComponent(name)}`);
    await row(page, name).getByRole('link', { name }).first().click();
    await expect(page.getByRole('textbox', { name: 'По горизонтали' })).toHaveValue('25');
    await page.getByLabel('Описание изображения «Логотип»').fill('');
    await page.getByLabel('Декоративное изображение, описание не нужно').check();
    await save(page);
    await expectFlash(page, `Сохранено: «${name}»`);
    await visitor.goto('/');
    await expect(logo).toHaveAttribute('alt', '');
    await visitor.close();
  });

  test('the list refuses to publish a record whose picture has no description, naming the picture', async ({
    page,
  }) => {
    const name = unique('Партнёр без описания');
    await login(page, '/admin/partners/new');
    await fillForm(page, [
      { label: 'Название', fill: name },
      { label: 'Сайт', fill: 'https://example.org/' },
      { label: 'Логотип', file: { name: 'logo.png', mimeType: 'image/png', buffer: await pngImage(300, 300) } },
    ]);
    await save(page);
    await expectFlash(page, `Сохранено: «${name}»`);
    await page.goto(`/admin/partners?q=${encodeURIComponent(name)}`);
    await row(page, name)
      .getByRole('button', { name: `Опубликовать «${name}»` })
      .click();
    await expect(page.getByText(UNDESCRIBED)).toBeVisible();
    await expect(row(page, name).getByRole('button', { name: `Опубликовать «${name}»` })).toBeVisible();
  });

  test('a focal point outside 0–100 is refused with a message beside it', async ({ page }) => {
    await login(page, '/admin/partners/new');
    await fillForm(page, [
      { label: 'Название', fill: unique('Партнёр фокус') },
      { label: 'Сайт', fill: 'https://example.org/' },
      { label: 'По горизонтали', fill: '140' },
    ]);
    await save(page);
    await expect(page.getByText('Укажите число от 0 до 100')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'По горизонтали' })).toHaveValue('140');
  });
});
