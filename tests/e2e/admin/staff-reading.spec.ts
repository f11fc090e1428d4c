/**
 * What staff read (docs/product/staff.md, "Times"; docs/revisions.md): one clock on every page, zones and versions in
 * plain Russian, no hydration errors, deletes that say what they do, lists whose rows line up.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectFlash, login, unique, withAndWithoutJavaScript, withTableLock } from '#tests/e2e/admin/helpers.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

/** The staff pages a receptionist opens most, each with times on it. */
const PAGES_WITH_TIMES = ['/admin', '/admin/bids', '/admin/audit', '/admin/deleted', '/admin/coaches/1/history'];

/** `27 нояб. 2026 г., 08:33` → `08:33`. */
const clockOf = (text: string) => /\d{2}:\d{2}/.exec(text)?.[0] ?? '';

withAndWithoutJavaScript(() => {
  test('a staff member in Moscow reads the clubs’ times with «Екатеринбург, UTC+5» and never an IANA name', async ({
    page,
  }) => {
    await login(page, '/admin/bids');
    // The demo clubs are in Екатеринбург; the browser is in Moscow (playwright.config.ts).
    const first = page.locator('tbody tr').first().getByRole('cell').first();
    await expect(first).toContainText('(Екатеринбург, UTC+5)');
    for (const path of PAGES_WITH_TIMES) {
      await page.goto(path);
      const text = (await page.getByRole('main').textContent()) ?? '';
      expect(text, path).not.toMatch(/Asia\/|Europe\/|GMT[+-]/);
      // A fresh site may have nothing deleted or logged yet: where there are times, they carry the zone.
      if ((await page.locator('main time').count()) > 0) expect(text, path).toContain('Екатеринбург, UTC+5');
    }
  });

  test('one save shows one time on the bid, in the audit log, on the dashboard and in a coach’s history', async ({
    page,
  }) => {
    // A processed demo bid, reopened and closed again: no other test counts on its state in between.
    await login(page, '/admin/bids?status=done');
    await page.locator('tbody tr').last().getByRole('link').first().click();
    await page.getByLabel('Новый статус').selectOption({ label: 'В работе' });
    await page.getByRole('button', { name: 'Сохранить статус' }).click();
    await expectFlash(page, 'Статус: В работе');
    const onBid = clockOf((await page.locator('.admin-history li').last().textContent()) ?? '');
    expect(onBid).not.toBe('');
    await page.getByLabel('Новый статус').selectOption({ label: 'Обработана' });
    await page.getByRole('button', { name: 'Сохранить статус' }).click();
    await expectFlash(page, 'Статус: Обработана');

    // A coach (no gym of its own) is dated in the network's zone, the first gym's: the same clock as the bid.
    const name = unique('Тренер часов');
    await page.goto('/admin/coaches/new');
    await page.getByLabel('Имя и фамилия', { exact: true }).fill(name);
    await page.getByLabel('Должность', { exact: true }).fill('Инструктор');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expectFlash(page, `Сохранено: «${name}»`);
    await page.goto(`/admin/audit?section=coach`);
    const audited = page.locator('.admin-audit__entry').filter({ hasText: name }).first();
    await expect(audited).toContainText('(Екатеринбург, UTC+5)');
    const inLog = clockOf((await audited.textContent()) ?? '');
    await audited.getByRole('link', { name }).click();
    await page.getByRole('link', { name: 'История' }).click();
    const inHistory = page.locator('.admin-revision').first();
    await expect(inHistory).toContainText('(Екатеринбург, UTC+5)');
    expect(clockOf((await inHistory.textContent()) ?? '')).toBe(inLog);

    await page.goto('/admin');
    const onDashboard = page.locator('.admin-audit__entry').filter({ hasText: name }).first();
    expect(clockOf((await onDashboard.textContent()) ?? '')).toBe(inLog);
    // Minutes apart at most: the two saves were made one after the other on the same clock.
    const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
    expect(Math.abs(minutes(inLog) - minutes(onBid)) % (24 * 60)).toBeLessThan(5);
  });

  test('the delete confirmation says the record can be restored for 30 days', async ({ page, javaScriptEnabled }) => {
    await login(page, '/admin/partners');
    const first = page.locator('tbody tr').first();
    await first.getByRole('link', { name: 'Удалить' }).click();
    const promise = 'Запись исчезнет с сайта. В течение 30 дней её можно восстановить в разделе «Удалённые».';
    if (javaScriptEnabled) {
      const dialog = page.getByRole('dialog', { name: 'Подтверждение удаления' });
      await expect(dialog).toContainText(promise);
      await expect(dialog).not.toContainText('нельзя отменить');
      await dialog.getByRole('button', { name: 'Отмена' }).click();
    } else {
      await expect(page.getByRole('main')).toContainText(promise);
    }
  });
});

test.describe('in the clubs’ own zone', () => {
  test.use({ timezoneId: 'Asia/Yekaterinburg' });

  test('a staff member in Екатеринбург reads times without a zone', async ({ page }) => {
    await login(page, '/admin/bids');
    const first = page.locator('tbody tr').first().getByRole('cell').first();
    await expect(first).toHaveText(/\d{2}:\d{2}$/);
    // The browser left its zone in a cookie: the server's next page already has no label to drop.
    await expect
      .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'tz')?.value)
      .toBe(encodeURIComponent('Asia/Yekaterinburg'));
    const response = await page.request.get('/admin/bids');
    expect(await response.text()).not.toContain('Екатеринбург, UTC+5');
  });
});

test('staff pages hydrate without React errors (#418)', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/#418|#423|#425|Hydration|hydrating/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  await login(page);
  for (const path of [...PAGES_WITH_TIMES, '/admin/bids/1', '/admin/account', '/admin/trainings/slots']) {
    await page.goto(path);
    await page.waitForLoadState('load');
    // The admin layout sets the viewer's zone cookie once hydrated: wait for that sign of a finished hydration.
    await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'tz')).toBe(true);
    await page.waitForTimeout(300);
  }
  expect(problems).toEqual([]);
});

test('a bid’s consent names the policy version in words, with a link to that text', async ({ page }) => {
  await login(page, '/admin/bids/1');
  const consent = page.locator('.admin-details dd').filter({ hasText: 'Политика' });
  await expect(consent).toContainText(/Политика от \d{1,2} [а-я]+ \d{4} г\., версия \d+/);
  await expect(consent).not.toContainText('policy-');
  await consent.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Политика обработки персональных данных');
});

test('the first version of a record says what it is instead of «сотрудник неизвестен»', async ({ page }) => {
  await login(page);
  await withTableLock('partners', async () => {
    // A demo partner (the list's first; other tests add theirs at the end): its first save in the editor keeps what
    // was there as the first version.
    await page.goto('/admin/partners');
    const record = await page.locator('tbody tr').first().getByRole('link').first().getAttribute('href');
    await page.goto(record!);
    const description = page.getByLabel('Описание', { exact: true });
    const before = await description.inputValue();
    await description.fill(`${before} Проверка истории.`);
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expectFlash(page, 'Сохранено');
    await page.goto(`${record}/history`);
    const first = page.locator('.admin-revision').last();
    await expect(first).toContainText('Исходная версия');
    await expect(first).toContainText('как было до первой правки в редакторе, автор не записан');
    await expect(page.getByRole('main')).not.toContainText('сотрудник неизвестен');
    await expect(page.getByRole('main')).not.toContainText('Версия до начала истории');
    await first.getByRole('link').click();
    await page.getByRole('button', { name: 'Восстановить эту версию' }).click();
    await expectFlash(page, /Восстановлена версия от .+\(Екатеринбург, UTC\+5\)/);
  });
});

test.describe('lists at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the sort order is «Порядок», apart from the trend filter «Направление»', async ({ page }) => {
    await login(page, '/admin/trainings');
    await expect(page.getByRole('combobox', { name: 'Направление', exact: true })).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Порядок', exact: true })).toHaveValue('asc');
  });

  test('the actions cell lines up with the rest of its row', async ({ page }) => {
    await login(page, '/admin/trainings');
    const rows = await page
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.children].map((cell) => Math.round(cell.getBoundingClientRect().top))),
      );
    expect(rows.length).toBeGreaterThan(3);
    for (const tops of rows) expect(new Set(tops).size, tops.join(' ')).toBe(1);
  });
});

/** Words of the week grid's slot titles whose letters landed on two lines («Функциональ / ный»). */
async function brokenWords(page: Page): Promise<string[]> {
  return page.locator('.admin-slot__title').evaluateAll((titles) =>
    titles.flatMap((title) => {
      const node = title.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) return [];
      const text = node.textContent ?? '';
      return [...text.matchAll(/[^\s-]+/g)].flatMap((match) => {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1 ? [match[0]] : [];
      });
    }),
  );
}

test('the week grid wraps titles between words at 360, 1024, 1280, 1366 and 1920 px', async ({ page }) => {
  await login(page, '/admin/trainings/slots');
  const gyms = await page
    .locator('.admin-week__gyms a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  // Each gym's week is opened once and looked at in every width: a resize lays the grid out again as a page opened at
  // that width would.
  for (const href of gyms) {
    await page.goto(href);
    for (const width of [360, 1024, 1280, 1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      expect(await brokenWords(page), `${href} at ${width} px`).toEqual([]);
    }
  }
});
