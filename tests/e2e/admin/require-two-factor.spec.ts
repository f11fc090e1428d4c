/**
 * `REQUIRE_2FA=admins` (docs/staff-auth.md) on a server of its own: an admin without two-factor sign-in is taken to
 * set it up after the password and reaches /admin only then; an editor signs in with the password alone; an admin
 * cannot switch it off. Serial: the later tests sign in with the accounts the first one sets up.
 */
import { expect, test } from '@playwright/test';
import {
  AuthenticatorApp,
  completeSetup,
  createMember,
  expectSignedIn,
  type Member,
  open,
  signOut,
  submitCode,
  submitPassword,
} from '#tests/e2e/admin/two-factor-helpers.ts';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { E2E_PORT } from '#tests/e2e/settings.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

const PORT = Number(process.env.E2E_REQUIRE_2FA_PORT ?? E2E_PORT + 7);
const BOOTSTRAP_ADMIN: Member = { email: 'required-admin@club.test', password: 'required-admin-password-1' };

test.describe.configure({ mode: 'serial' });
test.use({ userAgent: BROWSER_UA });

let server: ExtraServer | null = null;
/** Recovery codes of the bootstrap admin once set up: they sign in without waiting for a fresh app code. */
let bootstrapCodes: string[] | null = null;
const bootstrapAdmin = () => ({ ...BOOTSTRAP_ADMIN, code: () => bootstrapCodes!.shift()! });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startExtraServer({
    port: PORT,
    dataDir: '.e2e-data/require-2fa',
    env: {
      REQUIRE_2FA: 'admins',
      ADMIN_EMAIL: BOOTSTRAP_ADMIN.email,
      ADMIN_PASSWORD: BOOTSTRAP_ADMIN.password,
      // Nothing in the demo content needs a second factor; skipping it starts the server faster.
      DEMO_CONTENT: '0',
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

for (const javaScriptEnabled of [false, true]) {
  test(`an admin without 2FA sets it up after the password before reaching /admin (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    // Two sign-ins through the form, the set-up and the profile: past the default 30 s on a loaded 2-core machine.
    test.setTimeout(60_000);
    const context = await browser.newContext({ baseURL: server!.base, javaScriptEnabled, userAgent: BROWSER_UA });
    const page = await context.newPage();
    // The bootstrap admin first, then an admin the bootstrap admin creates.
    const admin = bootstrapCodes
      ? await createMember(server!.base, { role: 'admin', admin: bootstrapAdmin() })
      : BOOTSTRAP_ADMIN;

    await submitPassword(page, admin, javaScriptEnabled);
    await expect(page).toHaveURL(/\/login\/setup-2fa$/);
    await expect(page.getByRole('heading', { name: 'Настройка двухфакторного входа' })).toBeVisible();
    await expect(page.getByText(`Для учётной записи ${admin.email} вход возможен только с кодом`)).toBeVisible();
    // No session yet: /admin sends the browser back to the sign-in.
    const before = await context.request.get('/admin', { maxRedirects: 0 });
    expect(before.status()).toBe(302);

    // A code of the shown key that is not right now (a fixed 000000 is right once in ~300,000 tries).
    const shownKey = await page.getByLabel('Ключ для ручного ввода').inputValue();
    await page.getByLabel('Код из приложения').fill(new AuthenticatorApp(shownKey).wrongCode());
    await page.getByRole('button', { name: 'Включить и войти' }).click();
    await expect(page.getByRole('alert')).toContainText('Неверный код.');

    const { app, recoveryCodes } = await completeSetup(page, 'Включить и войти');
    await expect(page.getByRole('heading', { name: 'Двухфакторный вход включён' })).toBeVisible();
    await page.getByRole('link', { name: 'Перейти в редактор' }).click();
    await expectSignedIn(page);

    // Required: it cannot be switched off in the profile.
    await open(page, '/admin/account', javaScriptEnabled);
    await expect(page.getByText('Для вашей учётной записи двухфакторный вход обязателен.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Выключить двухфакторный вход' })).toHaveCount(0);

    // The next sign-in asks for a code.
    await signOut(page);
    await submitPassword(page, admin, javaScriptEnabled);
    await expect(page).toHaveURL(/\/login\/code$/);
    await submitCode(page, await app.nextCode());
    await expectSignedIn(page);
    bootstrapCodes ??= recoveryCodes;
    await context.close();
  });
}

test('an editor signs in with the password alone when only admins must use 2FA', async ({ browser }) => {
  const editor = await createMember(server!.base, {
    role: 'editor',
    admin: bootstrapAdmin(),
  });
  const context = await browser.newContext({ baseURL: server!.base, javaScriptEnabled: false, userAgent: BROWSER_UA });
  const page = await context.newPage();
  await submitPassword(page, editor, false);
  await expectSignedIn(page);
  await context.close();
});
