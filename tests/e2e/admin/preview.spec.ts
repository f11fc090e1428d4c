/**
 * New records start unpublished; staff preview a draft on its public page with a banner, never cached, while
 * everyone else gets 404 there (docs/product/staff.md, "Drafts and preview").
 */
import { expect, type Page, test } from '@playwright/test';
import { expectFlash, type FieldInput, fillForm, login, row, save, unique } from '#tests/e2e/admin/helpers.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA, javaScriptEnabled: false });

const SECTIONS: Array<{ path: string; label: string; fields: (name: string) => FieldInput[] }> = [
  { path: 'coaches', label: 'Имя и фамилия', fields: () => [] },
  { path: 'trainings/trends', label: 'Название', fields: () => [] },
  {
    path: 'trainings',
    label: 'Название',
    fields: () => [
      { label: 'Направление', select: 'Йога' },
      { label: 'Длительность, мин', fill: '60' },
    ],
  },
  {
    path: 'promos',
    label: 'Название',
    fields: () => [
      { label: 'Начало', fill: '2026-01-01' },
      { label: 'Окончание (включительно)', fill: '2099-12-31' },
    ],
  },
];

/** Creates a record with the form as it comes (unticked «Опубликовано») and returns its edit page's path. */
async function createDraft(page: Page, section: (typeof SECTIONS)[number], name: string): Promise<string> {
  await page.goto(`/admin/${section.path}/new`);
  await expect(page.getByLabel('Опубликовано', { exact: true })).not.toBeChecked();
  await page.getByLabel(section.label, { exact: true }).fill(name);
  await fillForm(page, section.fields(name));
  await save(page);
  await expectFlash(page, `Сохранено: «${name}»`);
  await page.goto(`/admin/${section.path}?q=${encodeURIComponent(name)}`);
  await expect(row(page, name)).toContainText('Нет');
  await row(page, name)
    .getByRole('link', { name: `Изменить «${name}»` })
    .click();
  return new URL(page.url()).pathname;
}

for (const section of SECTIONS) {
  test(`${section.path}: a new record is a draft that only staff can preview`, async ({ page, browser }) => {
    await login(page);
    const name = unique('Черновик');
    await createDraft(page, section, name);
    const preview = page.getByRole('link', { name: /Предпросмотр/ });
    const href = (await preview.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/(coaches|trends|trainings|promos)/);

    const response = await page.goto(href);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('status').filter({ hasText: 'Черновик — не опубликовано' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(name);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    const visitor = await browser.newContext({ userAgent: BROWSER_UA, javaScriptEnabled: false });
    const anonymous = await visitor.newPage();
    const refused = await anonymous.goto(href);
    expect(refused?.status()).toBe(404);
    await expect(anonymous.locator('body')).not.toContainText(name);
    await visitor.close();
  });
}
