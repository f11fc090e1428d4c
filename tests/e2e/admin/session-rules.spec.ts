/**
 * What a stolen password or session can no longer outlive (docs/staff-auth.md): `REQUIRE_2FA` switched on reaches
 * the sessions that exist (they go through the second step), so does a promotion to admin; turning two-factor
 * sign-in on ends the member's other sessions; a password change ends a set-up started with the old password. One
 * data directory, served first without `REQUIRE_2FA`, then — restarted — with `REQUIRE_2FA=admins`. Serial.
 */
import fs from 'node:fs';
import { type Browser, type BrowserContext, expect, request, test } from '@playwright/test';
import { expectFlash, row } from '#tests/e2e/admin/helpers.ts';
import {
  AuthenticatorApp,
  completeSetup,
  createMember,
  expectSignedIn,
  type Member,
  open,
  submitPassword,
} from '#tests/e2e/admin/two-factor-helpers.ts';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { E2E_PORT } from '#tests/e2e/settings.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

const PORT = Number(process.env.E2E_SESSION_RULES_PORT ?? E2E_PORT + 15);
const DATA_DIR = '.e2e-data/session-rules';
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN: Member = { email: 'rules-admin@club.test', password: 'rules-admin-password-1' };

test.describe.configure({ mode: 'serial' });
test.use({ userAgent: BROWSER_UA, baseURL: BASE });
// Several browsers and sign-ins per test, a server restart: slow on a busy machine.
test.slow();

let server: ExtraServer | null = null;

function start(env: Record<string, string>) {
  return startExtraServer({
    port: PORT,
    dataDir: DATA_DIR,
    keepData: true,
    env: {
      SESSION_SECRET: 'session-rules-secret-of-at-least-32-chars',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_CONTENT: '0',
      ...env,
    },
  });
}

/** A browser of its own, signed in with the password alone. */
async function signedIn(browser: Browser, member: Member): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE, userAgent: BROWSER_UA, javaScriptEnabled: false });
  const page = await context.newPage();
  await submitPassword(page, member, false);
  await expectSignedIn(page);
  await page.close();
  return context;
}

/** Where `/admin` sends a browser now. */
async function adminAnswer(context: BrowserContext) {
  const answer = await context.request.get('/admin', { maxRedirects: 0 });
  return { status: answer.status(), location: answer.headers().location ?? '' };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  server = await start({});
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

let adminContext: BrowserContext | null = null;
/** The bootstrap admin's recovery codes once set up: later sign-ins (creating members) use them. */
let adminRecovery: string[] = [];
let editor: Member | null = null;
let editorContext: BrowserContext | null = null;

test('turning two-factor sign-in on ends the member’s other sessions, not the one that did it', async ({ browser }) => {
  const member = await createMember(BASE, { admin: ADMIN });
  const here = await signedIn(browser, member);
  const elsewhere = await signedIn(browser, member);
  const page = await here.newPage();
  await open(page, '/admin/account', false);
  await page.getByRole('button', { name: 'Включить двухфакторный вход' }).click();
  await completeSetup(page, 'Включить');

  expect((await adminAnswer(here)).status).toBe(200);
  expect(await adminAnswer(elsewhere)).toMatchObject({ status: 302, location: expect.stringMatching(/^\/login/) });
  await here.close();
  await elsewhere.close();

  // For the next tests: sessions made with the password alone while nothing requires more.
  adminContext = await signedIn(browser, ADMIN);
  editor = await createMember(BASE, { admin: ADMIN, role: 'editor' });
  editorContext = await signedIn(browser, editor);
});

test('REQUIRE_2FA switched on sends an admin’s password-only session through the set-up, back to the page', async () => {
  test.setTimeout(120_000);
  await server?.stop();
  server = await start({ REQUIRE_2FA: 'admins' });

  // The session that was good yesterday is not enough today: no staff page, the set-up instead.
  const yesterday = (await adminContext!.cookies()).find((cookie) => cookie.name === 'staff_session')!;
  const page = await adminContext!.newPage();
  await open(page, '/admin/staff', false);
  await expect(page).toHaveURL(/\/login\/setup-2fa$/);
  await expect(page.getByText(`Для учётной записи ${ADMIN.email} вход возможен только с кодом`)).toBeVisible();
  const { recoveryCodes } = await completeSetup(page, 'Включить и войти');
  expect(recoveryCodes).toHaveLength(10);
  adminRecovery = recoveryCodes;
  await page.getByRole('link', { name: 'Перейти в редактор' }).click();
  await expect(page.getByRole('heading', { name: 'Сотрудники', level: 1 })).toBeVisible();
  // The old session itself was ended on the way: its cookie opens nothing any more.
  const replay = await request.newContext({ baseURL: BASE, storageState: { cookies: [yesterday], origins: [] } });
  expect((await replay.get('/admin', { maxRedirects: 0 })).headers().location).toMatch(/^\/login\?redirectTo=/);
  await replay.dispose();

  // An editor is not covered: the same kind of session goes on.
  expect((await adminAnswer(editorContext!)).status).toBe(200);
  await page.close();
});

test('a promotion to admin sends the member’s password-only session through the set-up', async () => {
  const page = await adminContext!.newPage();
  await open(page, '/admin/staff', false);
  await row(page, editor!.email).getByRole('button', { name: 'Сделать администратором' }).click();
  await expectFlash(page, 'Сотрудник стал администратором');
  expect(await adminAnswer(editorContext!)).toEqual({ status: 302, location: '/login/setup-2fa' });
  await page.close();
});

test('a password change ends a set-up started with the old password: the app scanned then opens nothing', async ({
  browser,
}) => {
  const victim = await createMember(BASE, { admin: { ...ADMIN, code: () => adminRecovery.shift()! }, role: 'admin' });
  // Someone with the old password starts the set-up and scans the QR code into their own app.
  const attacker = await browser.newContext({ baseURL: BASE, userAgent: BROWSER_UA, javaScriptEnabled: false });
  const page = await attacker.newPage();
  await submitPassword(page, victim, false);
  await expect(page).toHaveURL(/\/login\/setup-2fa$/);
  const app = new AuthenticatorApp(await page.getByLabel('Ключ для ручного ввода').inputValue());

  // The admin changes the member's password.
  const admin = await adminContext!.newPage();
  await open(admin, '/admin/staff', false);
  const victimRow = row(admin, victim.email);
  await victimRow.getByPlaceholder('Новый пароль').fill('a-new-password-1');
  await victimRow.getByRole('button', { name: 'Сменить пароль' }).click();
  await expectFlash(admin, 'Пароль изменён');
  await admin.close();

  await page.getByLabel('Код из приложения').fill(await app.nextCode());
  await page.getByRole('button', { name: 'Включить и войти' }).click();
  await expect(page.getByRole('alert')).toContainText('Время на настройку истекло или вход уже выполнен.');
  expect((await adminAnswer(attacker)).status).toBe(302);
  await attacker.close();
});
