/**
 * The member's own profile (docs/staff-auth.md, "The profile"), with JavaScript off and on: the name they go by,
 * and a new password that needs the current one and ends their other sessions. Then the sign-in steps after the
 * password look like `/login` itself. Every test has a staff member of its own.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectFlash } from '#tests/e2e/admin/helpers.ts';
import {
  createMember,
  expectSignedIn,
  memberWithTwoFactorOverHttp,
  open,
  signOut,
  submitPassword,
} from '#tests/e2e/admin/two-factor-helpers.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

async function changePassword(page: Page, values: { current: string; password: string; repeat: string }) {
  await page.getByLabel('Текущий пароль').fill(values.current);
  await page.getByLabel('Новый пароль', { exact: true }).fill(values.password);
  await page.getByLabel('Новый пароль ещё раз').fill(values.repeat);
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
}

for (const javaScriptEnabled of [false, true]) {
  const mode = `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;
  test.describe(mode, () => {
    test.use({ javaScriptEnabled });

    test(`a member changes their name; an empty one is refused (${mode})`, async ({ page, baseURL }) => {
      const member = await createMember(baseURL!);
      await submitPassword(page, member, javaScriptEnabled);
      await expectSignedIn(page);
      await open(page, '/admin/account', javaScriptEnabled);
      const name = page.getByLabel('Имя', { exact: true });
      await expect(name).toHaveValue('Сотрудник Тестов');

      await name.fill('   ');
      await page.getByRole('button', { name: 'Сохранить имя' }).click();
      await expect(page.getByText('Введите имя')).toBeVisible();
      await expect(page.getByLabel('Имя', { exact: true })).toHaveAttribute('aria-invalid', 'true');

      await page.getByLabel('Имя', { exact: true }).fill('Ольга Смирнова');
      await page.getByRole('button', { name: 'Сохранить имя' }).click();
      await expectFlash(page, 'Имя сохранено');
      await expect(page.getByLabel('Имя', { exact: true })).toHaveValue('Ольга Смирнова');
      // The header names the member by it at once.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Ольга Смирнова' })).toBeVisible();
    });

    test(`a new password needs the current one and ends the member's other sessions (${mode})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      // Six forms, three sign-ins, two browsers: slow on a busy machine.
      test.slow();
      const member = await createMember(baseURL!);
      // The same member signed in elsewhere (another browser).
      const elsewhere = await browser.newContext({ baseURL, userAgent: BROWSER_UA });
      const other = await elsewhere.newPage();
      await submitPassword(other, member, false);
      await expectSignedIn(other);

      await submitPassword(page, member, javaScriptEnabled);
      await expectSignedIn(page);
      await open(page, '/admin/account', javaScriptEnabled);

      await changePassword(page, {
        current: 'not-my-password',
        password: 'brand-new-pass-1',
        repeat: 'brand-new-pass-1',
      });
      await expect(page.getByText('Неверный текущий пароль')).toBeVisible();
      await changePassword(page, { current: member.password, password: 'short', repeat: 'short' });
      await expect(page.getByText('Пароль должен быть не короче 10 символов')).toBeVisible();
      await changePassword(page, {
        current: member.password,
        password: 'brand-new-pass-1',
        repeat: 'brand-new-pass-2',
      });
      await expect(page.getByText('Пароли не совпадают')).toBeVisible();

      await changePassword(page, {
        current: member.password,
        password: 'brand-new-pass-1',
        repeat: 'brand-new-pass-1',
      });
      await expectFlash(page, 'Пароль изменён. Вход на других устройствах завершён.');

      // This session goes on; the other one is over.
      await open(page, '/admin', javaScriptEnabled);
      await expectSignedIn(page);
      const kicked = await elsewhere.request.get('/admin', { maxRedirects: 0 });
      expect(kicked.status()).toBe(302);
      expect(kicked.headers().location).toMatch(/^\/login\?redirectTo=/);
      await elsewhere.close();

      await signOut(page);
      await submitPassword(page, member, javaScriptEnabled);
      await expect(page.getByRole('alert')).toContainText('Неверный email или пароль');
      await submitPassword(page, { ...member, password: 'brand-new-pass-1' }, javaScriptEnabled);
      await expectSignedIn(page);
      await open(page, '/admin/audit', javaScriptEnabled);
      await expect(page.getByText(/смена пароля: сотрудник/).first()).toBeVisible();
    });
  });
}

test('the steps after the password look like /login: the club, a card, the same fields and button', async ({
  page,
  baseURL,
}) => {
  const { member } = await memberWithTwoFactorOverHttp(page, baseURL!, false);
  await signOut(page);
  const look = async () => {
    // Not hovering anything: the pointer stays where the last click was.
    await page.mouse.move(0, 0);
    return lookNow();
  };
  const lookNow = async () => ({
    card: await page.locator('.login__card').evaluate((card) => {
      const style = getComputedStyle(card);
      return { width: card.getBoundingClientRect().width, background: style.backgroundColor, shadow: style.boxShadow };
    }),
    button: await page
      .locator('.login__card button[type="submit"]')
      .evaluate((button) => getComputedStyle(button).backgroundColor),
    logo: await page.getByRole('link', { name: /на главную/ }).isVisible(),
  });
  const login = await look();

  await submitPassword(page, member, false);
  await expect(page).toHaveURL(/\/login\/code$/);
  // The address changes when the new page's response arrives, before it is drawn: read its look once it is (a read
  // before found the card without its styles in a clean-clone run).
  await expect(page.getByRole('heading', { level: 1, name: 'Подтверждение входа' })).toBeVisible();
  await page.waitForLoadState('load');
  expect(await look()).toEqual(login);
  await expect(page.getByLabel('Код', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти под другой учётной записью' })).toBeVisible();
});
