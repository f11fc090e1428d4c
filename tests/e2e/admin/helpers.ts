/** Shared steps of the staff-area tests: sign in, fill the shared form, find list rows, make images. */
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '#tests/e2e/settings.ts';

export { E2E_ADMIN };

/** Declares the tests of `tests` twice: in a group «without JavaScript», then in one «with JavaScript». */
export function withAndWithoutJavaScript(tests: () => void) {
  for (const javaScriptEnabled of [false, true]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled });
      tests();
    });
  }
}

export function unique(prefix: string): string {
  return `${prefix} ${randomBytes(3).toString('hex')}`;
}

export async function login(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Пароль').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
}

export async function expectFlash(page: Page, text: string | RegExp) {
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
}

export function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

export async function pngImage(width = 320, height = 200, color = '#2563eb'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A 320×200 PNG picture named `name`, as a file field takes it. */
export async function pngFile(name = 'photo.png', color?: string) {
  return { name, mimeType: 'image/png', buffer: await pngImage(320, 200, color) };
}

export async function jpegImage(width = 320, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#f97316' } })
    .jpeg()
    .toBuffer();
}

export type FieldInput =
  | { label: string; fill: string }
  | { label: string; select: string }
  | { label: string; check: boolean }
  | {
      label: string;
      file:
        | { name: string; mimeType: string; buffer: Buffer }
        | Array<{ name: string; mimeType: string; buffer: Buffer }>;
    };

/** Fills the shared entity form by its labels. */
export async function fillForm(page: Page, inputs: FieldInput[]) {
  for (const input of inputs) {
    const field = page.getByLabel(input.label, { exact: true });
    if ('fill' in input) await field.fill(input.fill);
    else if ('select' in input) await field.selectOption({ label: input.select });
    else if ('check' in input) await field.setChecked(input.check);
    else await field.setInputFiles(input.file);
  }
}

export async function save(page: Page) {
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
}

/** Fills the shared entity form, saves it and expects the flash `flash` (by default any that starts «Сохранено»). */
export async function fillAndSave(page: Page, inputs: FieldInput[], flash: string | RegExp = 'Сохранено') {
  await fillForm(page, inputs);
  await save(page);
  await expectFlash(page, flash);
}

/** Adds a published coach of «Клуб на Малышева» named `name` through the staff form of the server at `base`. */
export async function createPublishedCoach(page: Page, name: string, base = '') {
  await page.goto(`${base}/admin/coaches/new`);
  await page.getByLabel('Имя и фамилия', { exact: true }).fill(name);
  await page.getByLabel('Должность', { exact: true }).fill('Инструктор тренажёрного зала');
  await page.getByRole('group', { name: 'Залы' }).getByLabel('Клуб на Малышева').check();
  await page.getByLabel('Опубликовано', { exact: true }).check();
  await save(page);
  await expectFlash(page, `Сохранено: «${name}»`);
}
