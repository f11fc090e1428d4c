/**
 * Login throttling cannot be turned against staff: failures count per (email, address) and per address, so wrong
 * passwords typed for someone's email at one address never keep that person out at theirs. Every refusal for
 * too many attempts is a 429 with `Retry-After`, and the form says so in Russian.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, unique } from '#tests/e2e/admin/helpers.ts';
import { loopbackAddress, postFromAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

/** Attempts per (email, address) before the next one is refused; mirrors LOGIN_LIMIT_PER_EMAIL_AND_IP. */
const ALLOWED_FAILURES = 5;

async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль').fill(password);
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/login'),
  );
  await page.getByRole('button', { name: 'Войти' }).click();
  return answer;
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`login throttling ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    async function openLogin(page: Page) {
      await page.goto('/login');
      if (javaScriptEnabled) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    }

    test("someone else's wrong passwords at another address never keep a staff member out", async ({
      page,
      baseURL,
    }) => {
      const attacker = loopbackAddress();
      const statuses: number[] = [];
      let retryAfter: string | string[] | undefined;
      for (let attempt = 0; attempt < ALLOWED_FAILURES + 3; attempt++) {
        const response = await requestFrom(attacker, `${baseURL}/login`, {
          method: 'POST',
          headers: { Origin: baseURL! },
          form: { email: E2E_ADMIN.email, password: `guess-${attempt}` },
        });
        statuses.push(response.status);
        retryAfter = response.headers['retry-after'];
      }
      expect(statuses.slice(0, ALLOWED_FAILURES)).toEqual(Array(ALLOWED_FAILURES).fill(400));
      expect(statuses.slice(ALLOWED_FAILURES)).toEqual([429, 429, 429]);
      expect(String(retryAfter)).toMatch(/^\d+$/);

      // The staff member, at their own address, signs in at once.
      await openLogin(page);
      await submitLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);

      // The attacker's address stays locked even with the right password.
      const locked = await requestFrom(attacker, `${baseURL}/login`, {
        method: 'POST',
        headers: { Origin: baseURL! },
        form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      });
      expect(locked.status).toBe(429);
      expect(locked.headers['set-cookie']).toBeUndefined();
    });

    test('too many failures answer 429 with Retry-After and a Russian message; the email is kept', async ({ page }) => {
      // This test's own address, so the failures count against nobody else's.
      await postFromAddress(page, loopbackAddress(), /^\/login/);
      const email = `${unique('throttled').replace(' ', '-')}@example.com`;
      await openLogin(page);
      for (let attempt = 0; attempt < ALLOWED_FAILURES; attempt++) {
        const response = await submitLogin(page, email, `wrong-password-${attempt}`);
        expect(response.status()).toBe(400);
        await expect(page.getByRole('alert')).toHaveText('Неверный email или пароль');
      }
      const refused = await submitLogin(page, email, 'wrong-password-last');
      expect(refused.status()).toBe(429);
      const retryAfter = Number(await refused.headerValue('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      await expect(page.getByRole('alert')).toContainText('Слишком много попыток входа. Попробуйте снова через');
      await expect(page.getByLabel('Email')).toHaveValue(email);
    });
  });
}
