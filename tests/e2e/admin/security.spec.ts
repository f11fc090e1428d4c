/**
 * The staff area's security promises: the session check on every route from app/routes.ts,
 * cross-origin writes, redirectTo, escaping, partner URLs, hostile uploads (login throttling: login-throttling.spec.ts).
 */
import { expect, type Page, test } from '@playwright/test';
import { adminRoutes } from '#scripts/proof/routes.ts';
import { E2E_ADMIN, fillAndSave, fillForm, jpegImage, login, row, save, unique } from '#tests/e2e/admin/helpers.ts';

test.use({ javaScriptEnabled: false });

/** Every path under /admin, read from the route configuration, with `:id` filled by an existing record. */
function adminPaths(): string[] {
  return [...new Set(adminRoutes().map((route) => route.pattern))].map((path) => path.replace(':id', '1'));
}

const ADMIN_PATHS = adminPaths();

test('the route configuration has the whole staff area', () => {
  for (const section of ['bids', 'gyms', 'cards', 'promos', 'coaches', 'gallery', 'partners', 'trainings']) {
    expect(ADMIN_PATHS).toContain(`/admin/${section}`);
  }
  expect(ADMIN_PATHS).toContain('/admin');
  expect(ADMIN_PATHS.length).toBeGreaterThan(40);
});

test('every staff page refuses an anonymous GET with a redirect to the login page', async ({ request }) => {
  for (const path of ADMIN_PATHS) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    expect(response.headers()['cache-control'], path).toContain('no-store');
  }
});

test('every staff action refuses an anonymous POST and changes nothing', async ({ request, baseURL }) => {
  const before = await (await request.get('/api/gym')).json();
  // Hostile bodies: each would change gym 1 if the check let it through.
  const form = {
    id: '1',
    intent: 'unpublish',
    name: 'Взломано',
    address: 'x',
    time_zone: 'Europe/Moscow',
    version: '1',
    status: 'rejected',
    note: 'x',
    email: 'intruder@example.com',
    password: 'intruder-password-1',
    role: 'admin',
  };
  for (const path of ADMIN_PATHS) {
    const response = await request.post(path, { form, maxRedirects: 0, headers: { Origin: baseURL! } });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toMatch(/^\/login\?redirectTo=/);
    // The same through React Router's data requests used by client-side navigation.
    const data = await request.post(`${path}.data`, { form, maxRedirects: 0, headers: { Origin: baseURL! } });
    expect(data.status(), `${path}.data`).not.toBe(200);
  }
  const after = await (await request.get('/api/gym')).json();
  expect(after).toEqual(before);
});

test('a cross-origin POST from a signed-in browser is refused', async ({ page }) => {
  await login(page);
  const response = await page.request.post('/admin/gyms', {
    form: { id: '1', intent: 'unpublish' },
    headers: { Origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect([400, 403]).toContain(response.status());
  await page.goto('/admin/gyms?q=Малышева');
  await expect(row(page, 'Малышева')).toContainText('Да');
});

// One browser context for the seven targets, signed out between them (docs/testing.md, "Cheaper tests").
test('login with a hostile redirectTo stays on the site', async ({ page, baseURL }) => {
  for (const target of [
    '//evil.example/',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/%09/evil.example',
  ]) {
    await test.step(`redirectTo=${target}`, async () => {
      await page.context().clearCookies();
      await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Пароль').fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Войти' }).click();
      await expect(page.getByRole('button', { name: 'Войти' })).toHaveCount(0);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    });
  }
});

test('login honours a safe redirectTo and refuses a wrong password in Russian', async ({ page }) => {
  await page.goto('/login?redirectTo=/admin/bids?status=new');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Пароль').fill('wrong-password-123');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный email или пароль');
  await expect(page.getByLabel('Email')).toHaveValue(E2E_ADMIN.email);
  await page.getByLabel('Пароль').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/admin\/bids\?status=new$/);
  await expect(page).toHaveTitle('Заявки — Редактор контента');
});

test('logout ends the session on the server', async ({ page, browser }) => {
  await login(page);
  const cookies = await page.context().cookies();
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Replaying the old cookie in another browser no longer opens the staff area.
  const other = await browser.newContext({ javaScriptEnabled: false });
  await other.addCookies(cookies.filter((cookie) => cookie.name === 'staff_session'));
  const response = await other.request.get('/admin', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  await other.close();
});

const SCRIPT = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2">';

/** The text is on the page as text: no injected element exists and no injected script ran (JavaScript is on here). */
async function expectText(page: Page, text: string) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
}

test.describe('with JavaScript on, so an injected script would run', () => {
  test.use({ javaScriptEnabled: true });

  test('script-like text in every text field renders as text', async ({ page }) => {
    await login(page, '/admin/partners/new');
    const name = unique(SCRIPT);
    await fillAndSave(page, [
      { label: 'Название', fill: name },
      { label: 'Сайт', fill: 'https://example.com/?q=<script>' },
      { label: 'Описание', fill: SCRIPT },
    ]);
    await page.goto(`/admin/partners?q=${encodeURIComponent(name)}`);
    await expectText(page, name);
    await row(page, name)
      .getByRole('link', { name: /^Изменить/ })
      .click();
    await expect(page.getByLabel('Описание', { exact: true })).toHaveValue(SCRIPT);

    // Every text field of the gym form, and the error path (values echoed back after a refusal).
    await page.goto('/admin/gyms/new');
    for (const label of ['Название', 'Адрес', 'Часы работы', 'Описание'])
      await page.getByLabel(label, { exact: true }).fill(SCRIPT);
    await page.getByLabel('Широта', { exact: true }).fill(SCRIPT);
    await save(page);
    await expect(page.getByLabel('Название', { exact: true })).toHaveValue(SCRIPT);
    await expect(page.getByLabel('Широта', { exact: true })).toHaveValue(SCRIPT);
    await expect(page.getByLabel('Широта', { exact: true })).toHaveAccessibleDescription(/Введите число/);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    // A bid's name and comment come from the public; the inbox and the bid page show them as text.
    await page.goto('/admin/bids');
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });
});

test('a partner URL with the javascript: scheme is refused', async ({ page }) => {
  await login(page, '/admin/partners/new');
  for (const url of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    '//evil.example',
    'ftp://example.com',
  ]) {
    await fillForm(page, [
      { label: 'Название', fill: 'Партнёр' },
      { label: 'Сайт', fill: url },
    ]);
    await save(page);
    await expect(page.getByLabel('Сайт')).toHaveAccessibleDescription(/должен начинаться с http:\/\/ или https:\/\//);
    await expect(page.getByLabel('Сайт')).toHaveValue(url);
  }
});

test('hostile uploads are refused with a message and the other input kept', async ({ page }) => {
  // Four saves with uploads, one of them over 10 MB: past the default 30 s on a loaded 2-core machine.
  test.setTimeout(60_000);
  await login(page, '/admin/coaches/new');
  const jpeg = await jpegImage(800, 600);
  const hostile = [
    {
      file: {
        name: 'photo.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      message: /не похож на изображение/,
    },
    {
      file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('это просто текст, а не картинка') },
      message: /не похож на изображение/,
    },
    {
      file: { name: 'truncated.jpg', mimeType: 'image/jpeg', buffer: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
      message: /повреждён/,
    },
    {
      file: {
        name: 'huge.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1024, 1)]),
      },
      message: /больше 10 МБ/,
    },
  ];
  for (const { file, message } of hostile) {
    const name = unique('Тренер с плохим фото');
    await fillForm(page, [
      { label: 'Имя и фамилия', fill: name },
      { label: 'Фото', file },
    ]);
    await save(page);
    await expect(page.locator('#field-photo_image_id-error')).toHaveText(message);
    await expect(page.getByLabel('Имя и фамилия')).toHaveValue(name);
  }
});

test('a picture accepted before a failed save is kept and need not be chosen again', async ({ page }) => {
  await login(page, '/admin/coaches/new');
  await fillForm(page, [
    { label: 'Фото', file: { name: 'ok.jpg', mimeType: 'image/jpeg', buffer: await jpegImage() } },
  ]);
  await save(page);
  await expect(page.getByLabel('Имя и фамилия')).toHaveAccessibleDescription(/Заполните поле/);
  await expect(page.locator('.admin-field--image img')).toBeVisible();
  const name = unique('Тренер');
  await fillAndSave(page, [{ label: 'Имя и фамилия', fill: name }]);
  await page.goto(`/admin/coaches?q=${encodeURIComponent(name)}`);
  await expect(row(page, name).locator('img')).toHaveCount(1);
});
