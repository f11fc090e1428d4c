/**
 * Two-factor sign-in (docs/staff-auth.md), with JavaScript off and on: turning it on in the profile, signing in
 * with the password and then a code from the app or a recovery code, throttled wrong codes, new recovery codes,
 * turning it off, and an admin's reset. Every test has staff members of its own.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectFlash, login, row } from '#tests/e2e/admin/helpers.ts';
import {
  completeSetup,
  createMember,
  expectSignedIn,
  memberWithTwoFactor,
  memberWithTwoFactorOverHttp,
  open,
  readRecoveryCodes,
  signOut,
  submitCode,
  submitPassword,
} from '#tests/e2e/admin/two-factor-helpers.ts';
import { loopbackAddress, postFromAddress } from '#tests/e2e/client-address.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

/** Wrong codes per (account, address) before the next one is refused; mirrors CODE_LIMIT_PER_ACCOUNT_AND_IP. */
const ALLOWED_WRONG_CODES = 5;

for (const javaScriptEnabled of [false, true]) {
  test.describe(`two-factor sign-in ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('a member turns it on with a code from the app, then signs in with the password and a code', async ({
      page,
      baseURL,
    }) => {
      const { member, app } = await memberWithTwoFactor(page, baseURL!, javaScriptEnabled);
      await page.getByRole('link', { name: 'Я сохранил(а) коды' }).click();
      await expect(page.getByText(/^Включён с .*Неиспользованных кодов восстановления: 10\.$/)).toBeVisible();
      await signOut(page);

      await submitPassword(page, member, javaScriptEnabled);
      await expect(page).toHaveURL(/\/login\/code$/);
      await expect(page.getByRole('heading', { name: 'Подтверждение входа' })).toBeVisible();
      // The password alone opens nothing under /admin.
      const admin = await page.context().request.get('/admin', { maxRedirects: 0 });
      expect(admin.status()).toBe(302);
      expect(admin.headers().location).toMatch(/^\/login\?redirectTo=/);

      const answer = await submitCode(page, await app.nextCode());
      expect(answer.status()).toBeLessThan(400);
      await expectSignedIn(page);
    });

    test('a recovery code signs in once and cannot be used twice', async ({ page, baseURL }) => {
      const { member, recoveryCodes } = await memberWithTwoFactorOverHttp(page, baseURL!, javaScriptEnabled);
      await signOut(page);

      await submitPassword(page, member, javaScriptEnabled);
      await submitCode(page, recoveryCodes[0]!.toUpperCase());
      await expectSignedIn(page);
      await expectFlash(page, 'Вы вошли по коду восстановления. Неиспользованных кодов осталось: 9.');
      await signOut(page);

      await submitPassword(page, member, javaScriptEnabled);
      const again = await submitCode(page, recoveryCodes[0]!);
      expect(again.status()).toBe(400);
      await expect(page.getByRole('alert')).toHaveText(
        'Неверный код. Введите новый код из приложения или неиспользованный код восстановления.',
      );
      await expect(page).toHaveURL(/\/login\/code$/);
      await submitCode(page, recoveryCodes[1]!);
      await expectSignedIn(page);
    });

    test('wrong codes are throttled: 429 with Retry-After and a Russian message', async ({ page, baseURL }) => {
      const { member, app } = await memberWithTwoFactorOverHttp(page, baseURL!, javaScriptEnabled);
      await signOut(page);
      // This test's own address, so its failures count against nobody else's.
      await postFromAddress(page, loopbackAddress(), /^\/login/);
      await submitPassword(page, member, javaScriptEnabled);
      await expect(page).toHaveURL(/\/login\/code$/);
      for (let attempt = 0; attempt < ALLOWED_WRONG_CODES; attempt++) {
        const answer = await submitCode(page, app.wrongCode());
        expect(answer.status()).toBe(400);
        await expect(page.getByRole('alert')).toContainText('Неверный код.');
      }
      const refused = await submitCode(page, await app.nextCode());
      expect(refused.status()).toBe(429);
      const retryAfter = Number(await refused.headerValue('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      await expect(page.getByRole('alert')).toContainText('Слишком много попыток ввода кода. Попробуйте снова через');
      await expect(page).toHaveURL(/\/login\/code$/);
    });

    test('new recovery codes replace the old ones; a code turns it off again', async ({ page, baseURL }) => {
      const { member, recoveryCodes } = await memberWithTwoFactorOverHttp(page, baseURL!, javaScriptEnabled);
      await open(page, '/admin/account', javaScriptEnabled);
      await page.getByLabel('Код из приложения или код восстановления').fill(recoveryCodes[0]!);
      await page.getByRole('button', { name: 'Получить новые коды восстановления' }).click();
      await expect(page.getByText('Новые коды восстановления готовы, прежние больше не действуют.')).toBeVisible();
      const fresh = await readRecoveryCodes(page);
      expect(fresh).not.toContain(recoveryCodes[1]);

      await open(page, '/admin/account', javaScriptEnabled);
      await page.getByLabel('Код из приложения или код восстановления').fill(recoveryCodes[1]!);
      await page.getByRole('button', { name: 'Выключить двухфакторный вход' }).click();
      await expect(page.getByRole('alert')).toContainText('Неверный код.');

      await page.getByLabel('Код из приложения или код восстановления').fill(fresh[0]!);
      await page.getByRole('button', { name: 'Выключить двухфакторный вход' }).click();
      await expectFlash(page, 'Двухфакторный вход выключен');
      await expect(page.getByRole('button', { name: 'Включить двухфакторный вход' })).toBeVisible();
      await signOut(page);

      await submitPassword(page, member, javaScriptEnabled);
      await expectSignedIn(page);
    });

    test("an admin resets a member's second factor: the member's session ends and the password alone signs in", async ({
      page,
      browser,
      baseURL,
    }) => {
      const { member } = await memberWithTwoFactorOverHttp(page, baseURL!, javaScriptEnabled);

      const adminContext = await browser.newContext({ javaScriptEnabled, userAgent: BROWSER_UA });
      const admin = await adminContext.newPage();
      await login(admin, '/admin/staff');
      await expect(row(admin, member.email)).toContainText('Включён');
      await row(admin, member.email).getByRole('button', { name: 'Сбросить двухфакторный вход' }).click();
      await expectFlash(admin, 'Двухфакторный вход сброшен, сеансы сотрудника завершены');
      await expect(row(admin, member.email)).toContainText('Выключен');
      await expect(row(admin, member.email).getByRole('button', { name: 'Сбросить двухфакторный вход' })).toHaveCount(
        0,
      );
      await open(admin, '/admin/audit', javaScriptEnabled);
      await expect(admin.getByText('сброс двухфакторного входа: сотрудник «').first()).toBeVisible();
      await adminContext.close();

      await open(page, '/admin/account', javaScriptEnabled);
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Faccount$/);
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Пароль').fill(member.password);
      await page.getByRole('button', { name: 'Войти' }).click();
      await expect(page).toHaveURL(/\/admin\/account$/);
      await expect(page.getByRole('button', { name: 'Включить двухфакторный вход' })).toBeVisible();
    });
  });
}

test('the code step without a password step first says the time is up and links back to the sign-in', async ({
  page,
}) => {
  await page.goto('/login/code');
  await expect(page.getByRole('alert')).toHaveText('Время на ввод кода истекло или вход уже выполнен.');
  await page.getByRole('link', { name: 'Войти снова' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('without REQUIRE_2FA an admin signs in with the password alone and may turn 2FA on', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { role: 'admin' });
  await submitPassword(page, member, false);
  await expectSignedIn(page);
  await open(page, '/admin/account', false);
  await expect(page.getByText('Сейчас для входа достаточно пароля.', { exact: false })).toBeVisible();
});

test('the setup form, the recovery codes and the code step have no axe violations', async ({ page, baseURL }) => {
  // Three pages, each signed in and scanned by axe: about 10 s alone, three times that on a busy machine.
  test.setTimeout(90_000);
  const member = await createMember(baseURL!);
  await submitPassword(page, member, false);
  await expectSignedIn(page);
  await open(page, '/admin/account', false);
  await page.getByRole('button', { name: 'Включить двухфакторный вход' }).click();
  await expect(page.getByLabel('Ключ для ручного ввода')).toBeVisible();
  const setup = await new AxeBuilder({ page }).analyze();
  expect(setup.violations.map((violation) => `setup: ${violation.id}`)).toEqual([]);

  await completeSetup(page, 'Включить');
  const codes = await new AxeBuilder({ page }).analyze();
  expect(codes.violations.map((violation) => `codes: ${violation.id}`)).toEqual([]);

  await signOut(page);
  await submitPassword(page, member, false);
  await submitCode(page, 'wrong');
  const step = await new AxeBuilder({ page }).analyze();
  expect(step.violations.map((violation) => `code step: ${violation.id}`)).toEqual([]);
});
