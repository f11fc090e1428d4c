/**
 * The personal-data processing policy: linked next to every consent checkbox, shown at /privacy, edited by staff,
 * and the version a visitor agreed to is recorded with their bid (docs/product/bids.md, "Consent and the policy").
 */
import { expect, type Page, test } from '@playwright/test';
import { expectFlash, login } from '#tests/e2e/admin/helpers.ts';
import { BID_FORM_PAGES, BROWSER_UA, gotoHydrated, sendBid, useUniqueIp } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

const POLICY = 'Политика обработки персональных данных';

// One test that walks the pages with a form, a step per page (docs/testing.md, "Cheaper tests").
test('every consent checkbox on every page with a form has the policy link next to it', async ({ page }) => {
  for (const { path } of BID_FORM_PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      const consents = page.locator('.field--checkbox:has(input[name="consent"])');
      const count = await consents.count();
      expect(count, path).toBeGreaterThan(0);
      for (let i = 0; i < count; i += 1) {
        // Card forms on the home page are folded until opened: the link is there all the same.
        await expect(consents.nth(i).locator('a[href="/privacy"]')).toHaveText(POLICY);
      }
    });
  }
});

test('/privacy shows the policy: operator, purposes, data, retention, withdrawal and contacts', async ({ page }) => {
  const response = await page.goto('/privacy');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: POLICY })).toBeVisible();
  for (const heading of ['Оператор', 'Цели обработки', 'Сроки хранения', 'Как отозвать согласие', 'Контакты']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('main')).toContainText('ООО «Атлетика Урал»');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: POLICY })).toHaveAttribute('href', '/privacy');
});

async function shownVersion(page: Page): Promise<string> {
  await page.goto('/privacy');
  const text = (await page.locator('.policy__version').textContent()) ?? '';
  return text.match(/Версия: (\S+)/)?.[1] ?? '';
}

test.describe('a staff edit changes the policy and the version the next bid records', () => {
  // Both variants edit the one policy: one after the other.
  test.describe.configure({ mode: 'serial' });

  for (const javaScriptEnabled of [false, true]) {
    test(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async ({ browser }) => {
      const staffContext = await browser.newContext({ javaScriptEnabled, userAgent: BROWSER_UA });
      const staff = await staffContext.newPage();
      const before = await shownVersion(staff);
      expect(before).toMatch(/policy-/);

      await login(staff, '/admin/privacy');
      await expect(staff.getByRole('heading', { level: 1, name: POLICY })).toBeVisible();
      const marker = `Редакция ${Date.now()}`;
      const body = staff.getByLabel('Текст', { exact: true });
      await body.fill(`${await body.inputValue()}\n\n## Изменения\n${marker}`);
      await staff.getByRole('button', { name: 'Сохранить', exact: true }).click();
      await expectFlash(staff, 'Сохранено');

      const after = await shownVersion(staff);
      await expect(staff.getByRole('main')).toContainText(marker);
      expect(after).not.toBe(before);

      const visitorContext = await browser.newContext({ javaScriptEnabled, userAgent: BROWSER_UA });
      const visitor = await visitorContext.newPage();
      await useUniqueIp(visitor);
      if (javaScriptEnabled) await gotoHydrated(visitor, '/new');
      else await visitor.goto('/new');
      const digits = String(Date.now()).slice(-7);
      const form = visitor.getByRole('form', { name: 'Записаться на пробное занятие' });
      await sendBid(form, 'Согласная Посетительница', `+7 912 ${digits}`);
      await expect(visitor.getByRole('status').filter({ hasText: 'Заявка отправлена' })).toBeVisible();

      await staff.goto(`/admin/bids?q=${encodeURIComponent(`+7912${digits}`)}`);
      await staff.getByRole('link', { name: 'Согласная Посетительница' }).click();
      // Staff read the version in words, with a link to the policy's text (the raw string stays in a tooltip).
      const edit = Number(/policy-v(\d+)-/.exec(after)?.[1]);
      const policy = staff
        .locator('.admin-details')
        .getByRole('link', { name: new RegExp(`^Политика от .+, версия ${edit}$`) });
      await expect(policy).toHaveAttribute('href', '/admin/privacy');
      await expect(staff.locator('.admin-details').locator(`[title="${after}"]`)).toHaveCount(1);
      await staffContext.close();
      await visitorContext.close();
    });
  }
});
