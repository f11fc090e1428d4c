/** Shared steps of the staff-area tests: sign in, fill the shared form, find list rows, make images. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Cookie, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN, E2E_PORT } from '#tests/e2e/settings.ts';

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

/** A lock left by a run that was killed while holding it is taken over after this long (no holder needs as much). */
const STALE_LOCK_MS = 120_000;

/**
 * Runs `steps` while no other test of this run (other workers are other processes) runs steps under the lock of
 * `table`. For the steps that depend on the order or the presence of rows other tests change: a move checked against
 * the neighbour row, a deletion of a row another test may be comparing with, the first slot of a day. Tests that only
 * add rows need no lock: the checks allow for rows added meanwhile.
 */
export async function withTableLock<T>(table: string, steps: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `club-e2e-${E2E_PORT}-${table.replace(/\W+/g, '-')}.lock`);
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await steps();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The end of a new record's round trip through its list `/admin/<path>`, under the table's lock (withTableLock):
 * one step up, checked against the row that was above it, then deletion — through the confirmation page without
 * JavaScript, through the dialog (the list stays in place) with it.
 */
export async function moveUpAndDelete(page: Page, path: string, name: string, javaScriptEnabled: boolean) {
  await withTableLock(path, async () => {
    // Reorder: a new record is last; one step up puts it before its neighbour
    await page.goto(`/admin/${path}`);
    const pagination = page.locator('.admin-pagination span');
    if ((await pagination.count()) > 0) {
      const pages = (await pagination.textContent())?.match(/из (\d+)/)?.[1] ?? '1';
      await page.goto(`/admin/${path}?page=${pages}`);
    }
    // Rows by the record each links to: other tests may change a row's text (publish state, labels) meanwhile.
    const rowLinks = () =>
      page
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((tr) => tr.querySelector('a')?.getAttribute('href') ?? ''));
    const own = await row(page, name).locator('a').first().getAttribute('href');
    const before = await rowLinks();
    const index = before.indexOf(own!);
    expect(index).toBeGreaterThan(-1);
    await row(page, name)
      .getByRole('button', { name: `Выше «${name}»` })
      .click();
    await expectFlash(page, 'Перемещено выше');
    // The flash is at the top of the page: without this the rows below may not all be parsed yet on a slow machine.
    await page.waitForLoadState('load');
    if (index > 0) {
      // Other tests add rows in parallel, so compare with the neighbour rather than absolute positions.
      const neighbour = before[index - 1]!;
      const after = await rowLinks();
      expect(after.indexOf(neighbour), 'the former neighbour is still on this page').toBeGreaterThan(-1);
      expect(after.indexOf(own!)).toBe(after.indexOf(neighbour) - 1);
    }

    // Delete
    const list = `/admin/${path}?q=${encodeURIComponent(name)}`;
    await page.goto(list);
    await row(page, name).getByRole('link', { name: 'Удалить' }).click();
    if (javaScriptEnabled) {
      const dialog = page.getByRole('dialog', { name: 'Подтверждение удаления' }).filter({ hasText: name });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(list);
      await dialog.getByRole('button', { name: 'Да, удалить' }).click();
      await expectFlash(page, 'Удалено');
    } else {
      await expect(page.getByRole('heading', { name: `Удалить «${name}»?` })).toBeVisible();
      await page.getByRole('button', { name: 'Да, удалить' }).click();
      await expectFlash(page, 'Удалено');
      await page.goto(list);
    }
    await expect(row(page, name)).toHaveCount(0);
  });
}

/** Deletes the record `name` from the list at `/admin/<path>` (its «Удалить», then «Да, удалить») and waits for the flash. */
export async function deleteFromList(page: Page, path: string, name: string) {
  await page.goto(`/admin/${path}?q=${encodeURIComponent(name)}`);
  await row(page, name).getByRole('link', { name: 'Удалить' }).click();
  await page.getByRole('button', { name: 'Да, удалить' }).click();
  await expectFlash(page, 'Удалено');
}

export function unique(prefix: string): string {
  return `${prefix} ${randomBytes(3).toString('hex')}`;
}

/** The suite admin's session cookie per server (origin), signed in by an earlier test of this worker. */
const adminSessions = new Map<string, Cookie>();

/**
 * Signs the suite's admin in and opens `redirectTo` (the dashboard by default). A worker signs in through the form
 * once per server and later tests of the worker reuse that session: the sign-in page, with a session, sends the
 * browser straight on to `redirectTo` (each sign-in through the form costs a page, an argon2 hash and a redirect, and
 * the suite signs in ~70 times). A session that ended meanwhile (a test logged out) shows the form: the admin signs in
 * through it as before. Tests of signing in itself fill the form themselves (security.spec.ts, redirects.spec.ts).
 */
export async function login(page: Page, redirectTo?: string) {
  const origin = new URL((await page.request.get('/readyz')).url()).origin;
  const known = adminSessions.get(origin);
  const own = (await page.context().cookies(origin)).some((cookie) => cookie.name === SESSION_COOKIE);
  if (known && !own) await page.context().addCookies([known]);
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login');
  if (new URL(page.url()).pathname === '/login') {
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Пароль').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Войти' }).click();
  }
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  const session = (await page.context().cookies(origin)).find((cookie) => cookie.name === SESSION_COOKIE);
  if (session) adminSessions.set(origin, session);
}

/** The staff session cookie's name (app/auth/session-cookie.server.ts). */
const SESSION_COOKIE = 'staff_session';

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
