/**
 * Redirect parameters never lead off the site: every payload of the open-redirect corpus, through the login form
 * (query and form field, and a signed-in visit) and the gym choice, must end in a same-origin `Location`.
 */
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';
import { E2E_ADMIN } from '#tests/e2e/admin/helpers.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';
import { OPEN_REDIRECT_PAYLOADS, staysOnOrigin } from '#tests/fixtures/open-redirects.ts';

test.use({ userAgent: BROWSER_UA });

const CREDENTIALS = { email: E2E_ADMIN.email, password: E2E_ADMIN.password };

/** Posts a form as this site's own page would (same Origin), without following the redirect. */
function postForm(request: APIRequestContext, baseURL: string, path: string, form: Record<string, string>) {
  return request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
}

/** The answer to `payload` as the redirect parameter: a redirect whose `Location` stays on this site. */
function expectSameOriginRedirect(response: APIResponse, payload: string, baseURL: string) {
  expect(response.status(), JSON.stringify(payload)).toBe(302);
  const location = response.headers().location ?? '';
  expect(staysOnOrigin(location, baseURL), `${JSON.stringify(payload)} → ${location}`).toBe(true);
}

test('login: every hostile redirectTo in the query ends on a same-origin path', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  for (const payload of OPEN_REDIRECT_PAYLOADS) {
    const response = await postForm(request, baseURL!, `/login?redirectTo=${encodeURIComponent(payload)}`, CREDENTIALS);
    expectSameOriginRedirect(response, payload, baseURL!);
  }
});

test('login: every hostile redirectTo in the form body ends on a same-origin path', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  for (const payload of OPEN_REDIRECT_PAYLOADS) {
    const response = await postForm(request, baseURL!, '/login', { ...CREDENTIALS, redirectTo: payload });
    expectSameOriginRedirect(response, payload, baseURL!);
  }
});

test('login: a signed-in visit with a hostile redirectTo ends on a same-origin path', async ({ request, baseURL }) => {
  const signIn = await postForm(request, baseURL!, '/login', CREDENTIALS);
  expect(signIn.status()).toBe(302);
  for (const payload of OPEN_REDIRECT_PAYLOADS) {
    const response = await request.get(`/login?redirectTo=${encodeURIComponent(payload)}`, { maxRedirects: 0 });
    expectSameOriginRedirect(response, payload, baseURL!);
  }
});

test('gym choice: every hostile redirectTo ends on a same-origin path', async ({ request, baseURL }) => {
  for (const payload of OPEN_REDIRECT_PAYLOADS) {
    const response = await postForm(request, baseURL!, '/gym', { gymId: '1', redirectTo: payload });
    expectSameOriginRedirect(response, payload, baseURL!);
  }
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(`signing in ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    // One browser context for the four payloads, signed out between them (docs/testing.md, "Cheaper tests").
    test('every dot-segment redirectTo lands on the staff area of this site', async ({ page, baseURL }) => {
      for (const payload of ['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/a/..//evil.example']) {
        await test.step(`redirectTo=${payload}`, async () => {
          await page.context().clearCookies();
          await page.goto(`/login?redirectTo=${encodeURIComponent(payload)}`);
          if (javaScriptEnabled) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
          await page.getByLabel('Email').fill(E2E_ADMIN.email);
          await page.getByLabel('Пароль').fill(E2E_ADMIN.password);
          await page.getByRole('button', { name: 'Войти' }).click();
          await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
          expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
          expect(new URL(page.url()).pathname).toBe('/admin');
        });
      }
    });
  });
}
