/**
 * Signing up for a session from the schedule (docs/product/signups.md), with and without JavaScript: places left on
 * /shedule, the sign-up page and its confirmation, the waiting list of a full session, and the staff side — the
 * sign-up in the inbox filtered by session, cancelled, its place freed.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, isoWeekOf } from '#app/lib/schedule.ts';
import { expectFlash, login } from '#tests/e2e/admin/helpers.ts';
import { BROWSER_UA, gotoHydrated, useUniqueIp, waitForFillTime } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

/** A week ahead: every session of it is still to come. */
const NEXT_WEEK = isoWeekOf(addDays(new Date().toISOString().slice(0, 10), 7));

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await gotoHydrated(page, path);
  else await page.goto(path);
}

async function signUp(form: Locator, name: string, phone: string, button: string) {
  await form.getByLabel('Имя').fill(name);
  await form.getByLabel('Телефон').fill(phone);
  await form.getByLabel(/^Я согласен/).check();
  await waitForFillTime(form);
  await form.getByRole('button', { name: button }).click();
}

/** Places left of a session on /shedule, read from its card. */
async function placesOf(session: Locator): Promise<number> {
  const text = (await session.locator('.places').textContent()) ?? '';
  const match = /осталось (\d+)/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`sign-ups ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });
    test.beforeEach(async ({ page }) => {
      await useUniqueIp(page);
    });

    test('a visitor signs up from /shedule, staff find the sign-up by session and cancel it, the place is free again', async ({
      page,
    }) => {
      // A visitor's sign-up, a staff sign-in and four page loads on a machine shared by parallel runs.
      test.setTimeout(90_000);
      // Each mode its own day of next week, so the two runs never count the same session.
      const dayIndex = javaScriptEnabled ? 1 : 2;
      await open(page, `/shedule?week=${NEXT_WEEK}`, javaScriptEnabled);
      const day = page.locator('.schedule__day').nth(dayIndex);
      // A demo session (with its coach), not a slot another test is creating on the same day meanwhile.
      const session = day
        .locator('.session')
        .filter({ has: page.locator('.places') })
        .filter({ has: page.locator('.session__coach') })
        .first();
      const before = await placesOf(session);
      const title = (await session.locator('.session__title').textContent())!.trim();
      const start = (await session.locator('.session__time').textContent())!.slice(0, 5);
      await session.getByRole('link', { name: /^Записаться:/ }).click();

      await expect(page).toHaveURL(/\/shedule\/signup\?slot=\d+&date=\d{4}-\d{2}-\d{2}/);
      const url = new URL(page.url());
      const slot = url.searchParams.get('slot')!;
      const date = url.searchParams.get('date')!;
      await expect(page.getByRole('heading', { level: 1, name: 'Запись на занятие' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expect(page.getByText(`осталось ${before}`)).toBeVisible();
      if (javaScriptEnabled) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

      const name = `Записавшийся ${javaScriptEnabled ? 'JS' : 'HTML'} ${Date.now() % 100_000}`;
      const form = page.getByRole('form', { name: 'Записаться' });
      await signUp(form, name, '+7 912 777-12-34', 'Записаться');
      const answer = page.getByRole('status').filter({ hasText: 'Вы записаны' });
      await expect(answer).toBeVisible();
      // The answer confirms the date, the time, the hall and the coach.
      const dayText = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        new Date(`${date}T12:00:00Z`),
      );
      await expect(answer).toContainText(`«${title}»`);
      await expect(answer).toContainText(dayText);
      await expect(answer).toContainText(start);
      await expect(answer).toContainText('Клуб на Малышева');
      await expect(answer).toContainText('тренер');
      if (javaScriptEnabled) await expect(page).not.toHaveURL(/signup=booked/);
      else await expect(page).toHaveURL(/signup=booked/);

      await open(page, `/shedule?week=${NEXT_WEEK}`, javaScriptEnabled);
      expect(await placesOf(session)).toBe(before - 1);

      // Staff: the inbox filtered by the session (a GET form) lists the sign-up; cancelling it frees the place.
      await login(page, '/admin/bids');
      const filters = page.getByRole('search', { name: 'Фильтры заявок' });
      await filters.getByRole('combobox', { name: /^Занятие/ }).selectOption(slot);
      await filters.getByLabel('Дата занятия').fill(date);
      await filters.getByRole('button', { name: 'Показать' }).click();
      await expect(page).toHaveURL(new RegExp(`slot=${slot}.*date=${date}|date=${date}.*slot=${slot}`));
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText('Записан');
      await row.getByRole('button', { name: `Отменить запись: ${name}` }).click();
      await expectFlash(page, 'Запись отменена, место освободилось');
      await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Запись отменена');

      await open(page, `/shedule?week=${NEXT_WEEK}`, javaScriptEnabled);
      expect(await placesOf(session)).toBe(before);
    });

    test('a full session offers the waiting list and puts the visitor on it', async ({ page }) => {
      // The demo's full session is tomorrow: this week, or the next one on a Sunday.
      await open(page, '/shedule', javaScriptEnabled);
      let wait = page.getByRole('link', { name: /^В лист ожидания:/ }).first();
      if ((await wait.count()) === 0) {
        await open(page, `/shedule?week=${NEXT_WEEK}`, javaScriptEnabled);
        wait = page.getByRole('link', { name: /^В лист ожидания:/ }).first();
      }
      const card = page.locator('.session').filter({ has: wait });
      await expect(card.getByText('мест нет')).toBeVisible();
      await wait.click();

      // The sign-up page itself (the schedule's card says «мест нет» too): a click while the navigation was still
      // settling once left the consent box unticked.
      await page.waitForURL(/\/shedule\/signup\?/);
      await expect(page.getByRole('heading', { level: 1, name: 'Запись на занятие' })).toBeVisible();
      await expect(page.getByText('мест нет', { exact: true })).toBeVisible();
      if (javaScriptEnabled) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      const form = page.getByRole('form', { name: 'Мест нет — лист ожидания' });
      await expect(form).toContainText('Все места заняты');
      await expect(form.getByRole('button', { name: 'Записаться' })).toHaveCount(0);
      await signUp(form, 'Ожидающий Гость', '8 912 444-55-66', 'Встать в лист ожидания');
      const answer = page.getByRole('status').filter({ hasText: 'Вы в листе ожидания' });
      await expect(answer).toBeVisible();
      // Whichever run comes second (the same phone, the same session) is shown the place it already holds.
      await expect(answer).toContainText(
        /Если место освободится, оно перейдёт к вам само, по очереди, и мы сообщим\.|С этого номера уже есть запись на это занятие/,
      );
    });
  });
}

test('past and cancelled sessions and unknown links get a clear Russian answer, not a form', async ({ page }) => {
  await page.goto('/shedule/signup?slot=1&date=2020-01-06');
  await expect(page.getByRole('alert')).toHaveText(/уже началось или прошло, записаться на него нельзя/);
  await expect(page.getByRole('button', { name: 'Записаться' })).toHaveCount(0);

  const response = await page.goto('/shedule/signup?slot=abc&date=2026-02-31');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Занятие не найдено' })).toBeVisible();

  // The demo's cancelled session: its card on /shedule has no sign-up link, and its page refuses.
  await page.goto('/shedule');
  const cancelled = page.locator('.session--cancelled').first();
  await expect(cancelled.getByRole('link', { name: /Записаться|В лист ожидания/ })).toHaveCount(0);
});
