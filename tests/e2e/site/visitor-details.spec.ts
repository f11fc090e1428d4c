/**
 * Details a visitor on a phone trips over: a gym named twice, filter choices cut at 360 px, today's sessions that
 * already began, the club of the newcomers' landing, a coach's text that disagrees with the profile.
 */
import { expect, test } from '@playwright/test';
import { localMomentValue } from '#app/services/scheduled-changes.server.ts';
import { login } from '#tests/e2e/admin/helpers.ts';
import { BROWSER_UA, gotoHydrated, sendBid, useUniqueIp } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

/** `HH:MM` now in the demo clubs' zone. */
function clubNow(): { date: string; time: string } {
  const [date = '', time = ''] = localMomentValue(new Date(), 'Asia/Yekaterinburg').split('T');
  return { date, time };
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a gym whose name says «Клуб» is never called «Клуб «Клуб …»»', async ({ page }) => {
      for (const path of ['/', '/new', '/shedule', '/coaches', '/promos', '/trends/1', '/trainings/1']) {
        await page.goto(path);
        const text = (await page.locator('body').textContent()) ?? '';
        expect(text, path).not.toMatch(/[Кк]луб(?:е|а)? «Клуб/);
      }
      await page.goto('/shedule');
      await expect(page.locator('.page-head__lead')).toHaveText(/^Клуб на Малышева, /);
    });

    test('/new lets the visitor choose the club, and the bid is that club’s', async ({ page, browser }) => {
      await useUniqueIp(page);
      if (javaScriptEnabled) await gotoHydrated(page, '/new');
      else await page.goto('/new');
      const form = page.getByRole('form', { name: 'Записаться на пробное занятие' });
      const club = form.getByLabel('Клуб', { exact: true });
      await expect(club).toHaveValue('1');
      await expect(club.locator('option')).toHaveText(['Клуб на Малышева', 'Клуб на Уралмаше', 'Клуб в Академическом']);
      await club.selectOption({ label: 'Клуб на Уралмаше' });
      const digits = String(Date.now()).slice(-7);
      await sendBid(form, 'Выбравшая Клуб', `+7 922 ${digits}`);
      await expect(page.getByRole('status').filter({ hasText: 'Заявка отправлена' })).toBeVisible();

      const staff = await (await browser.newContext({ userAgent: BROWSER_UA })).newPage();
      await login(staff, `/admin/bids?q=${encodeURIComponent(`+7922${digits}`)}`);
      await expect(staff.getByRole('row').filter({ hasText: 'Выбравшая Клуб' })).toContainText('Клуб на Уралмаше');
      await staff.context().close();
    });

    test('today’s sessions that began say «идёт» or «прошло», the rest offer a sign-up', async ({ page }) => {
      await page.goto('/shedule');
      const now = clubNow();
      const sessions = page.locator('.schedule__day.is-today .session');
      const count = await sessions.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const session = sessions.nth(i);
        const [start, end] = ((await session.locator('.session__time').textContent()) ?? '').trim().split('–');
        if ((await session.locator('.badge--danger').count()) > 0) continue; // cancelled: says so itself
        const begun = start! <= now.time;
        const expected = !begun ? null : end! <= now.time ? 'прошло' : 'идёт';
        // A minute may turn while the page is read: accept the state of either side of it.
        const badge = session.locator('.badge--muted');
        if (expected === null) {
          await expect(session.getByRole('link', { name: /^(Записаться|В лист ожидания):/ })).toHaveCount(1);
        } else {
          await expect(badge).toHaveText(expected);
        }
      }
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the schedule’s filter choices are never cut', async ({ page }) => {
    await page.goto('/shedule');
    const cut = await page.locator('.filters select').evaluateAll((selects) =>
      (selects as HTMLSelectElement[]).flatMap((select) => {
        const style = getComputedStyle(select);
        const canvas = document.createElement('canvas').getContext('2d')!;
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // The text area: the box less its padding and the arrow (about 1.5em).
        const room =
          select.clientWidth -
          Number.parseFloat(style.paddingLeft) -
          Number.parseFloat(style.paddingRight) -
          Number.parseFloat(style.fontSize) * 1.5;
        return [...select.options]
          .filter((option) => canvas.measureText(option.text).width > room)
          .map((option) => `${select.name}: ${option.text}`);
      }),
    );
    expect(cut).toEqual([]);
  });
});

test('a coach’s text agrees with the years the profile counts', async ({ page }) => {
  await page.goto('/coaches/1');
  await expect(page.getByText(/^Стаж \d+ (год|года|лет)$/)).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('пятнадцать лет');
  await expect(page.getByRole('main')).toContainText('с 2010 года');
});
