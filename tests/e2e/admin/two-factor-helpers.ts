/** Steps of the two-factor tests: staff members of their own, an authenticator app, the sign-in steps. */
import { randomBytes } from 'node:crypto';
import { expect, type Page, request } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_ADMIN } from '#tests/e2e/settings.ts';
import { wrongTotpCode } from '#tests/fixtures/wrong-code.ts';

export interface Member {
  email: string;
  password: string;
}

/**
 * A new staff member created by an admin through /admin/staff, so that no test turns two-factor sign-in on for an
 * account another test signs in with.
 */
export async function createMember(
  baseURL: string,
  options: { role?: 'admin' | 'editor'; admin?: Member & { code?: () => Promise<string> | string } } = {},
): Promise<Member> {
  const member = {
    email: `member-${randomBytes(4).toString('hex')}@club.test`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
  const admin = options.admin ?? E2E_ADMIN;
  const context = await request.newContext({ baseURL });
  try {
    const login = await context.post('/login', { form: { email: admin.email, password: admin.password } });
    expect(login.ok()).toBe(true);
    if (options.admin?.code) {
      const code = await context.post('/login/code', { form: { code: await options.admin.code() } });
      expect(code.ok()).toBe(true);
    }
    const created = await context.post('/admin/staff', {
      form: {
        intent: 'create',
        email: member.email,
        password: member.password,
        name: 'Сотрудник Тестов',
        role: options.role ?? 'editor',
      },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
  } finally {
    await context.dispose();
  }
  return member;
}

/** What the member's phone does: codes of the secret, never one the server has already accepted. */
export class AuthenticatorApp {
  private readonly totp: TOTP;
  private lastStep = -1;

  constructor(secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) });
  }

  /**
   * A code the server will take: of the current step, or of the next one when the current step's code was used
   * (the server accepts one step ahead). Waits for the clock only when both are used up.
   */
  async nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const step = Math.floor(now / 30_000);
      const target = Math.max(step, this.lastStep + 1);
      if (target <= step + 1) {
        this.lastStep = target;
        return this.totp.generate({ timestamp: target * 30_000 });
      }
      await new Promise((resolve) => setTimeout(resolve, (target - 1) * 30_000 - now + 100));
    }
  }

  /** A well-formed code that is not the right one now. */
  wrongCode(): string {
    return wrongTotpCode((timestamp) => this.totp.generate({ timestamp }));
  }
}

export async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  if (javaScriptEnabled) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

export async function submitPassword(page: Page, member: Member, javaScriptEnabled: boolean) {
  await open(page, '/login', javaScriptEnabled);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Пароль').fill(member.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/** Submits the code step and returns the answer to the POST. */
export async function submitCode(page: Page, code: string) {
  await page.getByLabel('Код', { exact: true }).fill(code);
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/login/code'),
  );
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  return answer;
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function expectSignedIn(page: Page) {
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
}

export async function readRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Коды восстановления' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  return (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
}

/**
 * Reads the secret and the QR code from a setup form, confirms it with a code from the app and returns the app and
 * the recovery codes shown once.
 */
export async function completeSetup(page: Page, button: string) {
  await expect(page.getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible();
  const secret = await page.getByLabel('Ключ для ручного ввода').inputValue();
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  const app = new AuthenticatorApp(secret);
  await page.getByLabel('Код из приложения', { exact: true }).fill(await app.nextCode());
  await page.getByRole('button', { name: button, exact: true }).click();
  return { app, recoveryCodes: await readRecoveryCodes(page) };
}

/** Signs in with the password alone and turns two-factor sign-in on in the profile. */
export async function memberWithTwoFactor(page: Page, baseURL: string, javaScriptEnabled: boolean) {
  const member = await createMember(baseURL);
  await submitPassword(page, member, javaScriptEnabled);
  await expectSignedIn(page);
  await open(page, '/admin/account', javaScriptEnabled);
  await page.getByRole('button', { name: 'Включить двухфакторный вход' }).click();
  const { app, recoveryCodes } = await completeSetup(page, 'Включить');
  await expect(page.getByText('Двухфакторный вход включён.')).toBeVisible();
  return { member, app, recoveryCodes };
}

/**
 * The member of `memberWithTwoFactor`, its second factor turned on over HTTP in the page's context (the same cookies)
 * instead of through the profile's pages: for the tests about what comes after, whose subject the set-up is not
 * (docs/testing.md, "Cheaper tests"); the set-up's pages have their own tests. Ends signed in on /admin.
 */
export async function memberWithTwoFactorOverHttp(page: Page, baseURL: string, javaScriptEnabled: boolean) {
  const member = await createMember(baseURL);
  const http = page.context().request;
  const signedIn = await http.post('/login', { form: { email: member.email, password: member.password } });
  expect(signedIn.ok()).toBe(true);
  const setup = await http.post('/admin/account', { form: { intent: 'start' } });
  expect(setup.ok()).toBe(true);
  const setupPage = await setup.text();
  expect(setupPage).toContain('alt="QR-код для приложения-аутентификатора"');
  const secret = /Ключ для ручного ввода<\/span><input[^>]*\bvalue="([^"]*)"/.exec(setupPage)?.[1];
  expect(secret?.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  const app = new AuthenticatorApp(secret!);
  const enabled = await http.post('/admin/account', { form: { intent: 'enable', code: await app.nextCode() } });
  expect(enabled.ok()).toBe(true);
  const enabledPage = await enabled.text();
  expect(enabledPage).toContain('Двухфакторный вход включён.');
  const recoveryCodes = [...enabledPage.matchAll(/<li><code>([^<]+)<\/code><\/li>/g)].map((match) => match[1]!);
  expect(recoveryCodes).toHaveLength(10);
  await open(page, '/admin', javaScriptEnabled);
  await expectSignedIn(page);
  return { member, app, recoveryCodes };
}
