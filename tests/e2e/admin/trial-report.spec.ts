/**
 * From a bid to a member (docs/product/report.md), with JavaScript and without: a trial bid from `/new` tied to a
 * session through «Выбрать занятие» → marked «Пришёл» on the session's roster → «Купил абонемент» on the bid page →
 * the report of this month shows 1/1/1/1 for its UTM campaign, and its CSV has the same row. A no-show counts as
 * booked but not as came; a bid of another gym is not counted under this gym.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { isoWeekday, timeIn, todayIn } from '#app/lib/schedule.ts';
import { expectFlash, login, withAndWithoutJavaScript, withTableLock } from '#tests/e2e/admin/helpers.ts';
import { BROWSER_UA, gotoHydrated, uniqueIp, waitForFillTime } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

const WEEKDAYS = ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'];
/** A gym's clock (its own time zone): today's weekday, the date as the session choices write it, and the time. */
function gymNow(timeZone: string) {
  const today = todayIn(timeZone);
  const [hours, minutes] = timeIn(timeZone).split(':').map(Number);
  const day = new Date(`${today}T12:00:00Z`).toLocaleDateString('ru-RU', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return { weekday: isoWeekday(today) % 7, day, minutes: hours! * 60 + minutes! };
}

/**
 * A start soon after `minutes` (`HH:MM`, or null past the day's end) at a minute ending in `end`: «Выбрать занятие»
 * offers only the next sessions with places (`SESSION_CHOICES`), so a session late in the day is not among them in the
 * morning. The runs with and without JavaScript (side by side) and a retry (beside its first attempt's session) each
 * end their minute differently, and no demo session starts at such a minute (:00, :30, :45), so the option is the
 * run's own. Ten minutes apart is not enough: two runs a minute apart round to the same ten minutes.
 */
function startSoonAfter(minutes: number, end: number): string | null {
  const start = Math.ceil((minutes - end) / 10) * 10 + end;
  if (start >= 24 * 60) return null;
  return `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
}

/** A visitor's own browser (no staff cookie), with its own client address for the bid limits. */
async function visitor(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    userAgent: BROWSER_UA,
    javaScriptEnabled,
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() },
  });
  return context.newPage();
}

/** Sends the trial form of `/new?…` with the club and, optionally, the session chosen. */
async function sendTrial(
  page: Page,
  javaScriptEnabled: boolean,
  query: string,
  person: { name: string; phone: string; gym: string; session?: RegExp },
) {
  if (javaScriptEnabled) await gotoHydrated(page, `/new?${query}`);
  else await page.goto(`/new?${query}`);
  const form = page.locator('form#trial');
  await form.getByLabel('Имя').fill(person.name);
  await form.getByLabel('Телефон').fill(person.phone);
  const club = form.getByLabel('Клуб', { exact: true });
  if (await club.count()) await club.selectOption({ label: person.gym });
  if (person.session) {
    const select = form.getByLabel(/^Выбрать занятие/);
    const option = select.locator('option').filter({ hasText: person.session });
    await select.selectOption((await option.getAttribute('value'))!);
  }
  await form.getByLabel(/^Я согласен/).check();
  await waitForFillTime(form);
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
}

/** The trial bid's staff page, found in the inbox by the phone. */
async function openTrialBid(page: Page, phone: string, name: string) {
  await page.goto(`/admin/bids?q=${encodeURIComponent(phone)}`);
  await page.getByRole('row').filter({ hasText: 'Пробное занятие' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${name}$`) })).toBeVisible();
}

/** The four counts of a report table's row, as the page shows them (each cell also carries its rate). */
async function countsOf(page: Page, table: string, key: string): Promise<number[]> {
  const row = page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({
      has: page.getByRole('rowheader', { name: key, exact: true }),
    });
  await expect(row).toHaveCount(1);
  // Without JavaScript the address and the heading are there while the table is still arriving: wait for the row's
  // four cells before reading them (a run read one, [1], on a loaded machine).
  const cells = row.locator('.admin-report__count');
  await expect(cells).toHaveCount(4);
  return (await cells.allTextContents()).map(Number);
}

withAndWithoutJavaScript(() => {
  test('a trial tied to a session, marked «Пришёл», bought: the month’s report shows 1/1/1/1 for its campaign and the CSV the same row', async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = `${javaScriptEnabled ? 'js' : 'nojs'}${Date.now().toString(36)}`;
    const campaign = `trial-${run}`;
    const noShowCampaign = `noshow-${run}`;
    const digits = String(Date.now()).slice(-6);
    const buyer = { name: `Покупатель ${run}`, phone: `+7913${digits}1` };
    const noShow = { name: `Непришедший ${run}`, phone: `+7914${digits}2` };
    const elsewhere = { name: `Другой клуб ${run}`, phone: `+7915${digits}3` };

    const gyms = (await (await page.request.get('/api/gym')).json()) as Array<{
      id: number;
      name: string;
      timeZone: string;
    }>;
    const gym = gyms.find((candidate) => candidate.id === 1)!;
    const other = gyms.find((candidate) => candidate.id !== 1)!;
    // The test's session starts today in the gym's zone, 20 to 30 minutes from now (30 to 40 without JavaScript):
    // still ahead while the test runs.
    const now = gymNow(gym.timeZone);
    const time = startSoonAfter(
      now.minutes + (javaScriptEnabled ? 20 : 30),
      (javaScriptEnabled ? 7 : 3) + testInfo.retry,
    );
    test.skip(time === null, 'too late in the gym’s day for a session still ahead today');

    // Staff add a session today (one at a time with the other runs adding slots).
    await login(page, '/admin/trainings/slots');
    await withTableLock('trainings/slots', async () => {
      await page.getByRole('link', { name: `Добавить занятие: ${WEEKDAYS[now.weekday]}` }).click();
      await page.getByLabel('Зал', { exact: true }).selectOption({ label: gym.name });
      await page.getByLabel('Тренировка', { exact: true }).selectOption({ label: 'Хатха-йога' });
      await page.getByLabel('Начало', { exact: true }).fill(time!);
      await page.getByLabel('Длительность, мин', { exact: true }).fill('30');
      await page.getByLabel('Мест', { exact: true }).fill('5');
      await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
      await expectFlash(page, 'Сохранено');
    });
    const session = new RegExp(`, ${now.day}, ${time} — Хатха-йога`);

    // Visitors: the buyer and the no-show choose the session; a third sends a trial bid to the other gym.
    const site = await visitor(browser, javaScriptEnabled);
    const utm = (name: string) => `utm_source=e2e&utm_medium=test&utm_campaign=${name}`;
    await sendTrial(site, javaScriptEnabled, utm(campaign), { ...buyer, gym: gym.name, session });
    await expect(site.getByRole('heading', { name: 'Вы записаны на пробное занятие' })).toBeVisible();
    await sendTrial(site, javaScriptEnabled, utm(noShowCampaign), { ...noShow, gym: gym.name, session });
    await expect(site.getByRole('heading', { name: 'Вы записаны на пробное занятие' })).toBeVisible();
    await sendTrial(site, javaScriptEnabled, utm(campaign), { ...elsewhere, gym: other.name });
    await expect(site.getByRole('heading', { name: 'Заявка отправлена' })).toBeVisible();
    await site.context().close();

    // Staff: the trial bid shows its session; the roster marks the buyer «Пришёл», the other «Не пришёл».
    await openTrialBid(page, buyer.phone, buyer.name);
    await expect(page.getByRole('heading', { level: 2, name: 'Пробное занятие: Записан на пробное' })).toBeVisible();
    await page.getByRole('link', { name: 'список занятия' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Хатха-йога: .*, ${time}$`) })).toBeVisible();
    await page.getByRole('group', { name: buyer.name }).getByLabel('Пришёл', { exact: true }).check();
    await page.getByRole('group', { name: noShow.name }).getByLabel('Не пришёл', { exact: true }).check();
    await page.getByRole('button', { name: 'Сохранить отметки' }).click();
    await expectFlash(page, 'Отметки сохранены (2)');
    await expect(page.getByRole('group', { name: buyer.name }).getByLabel('Пришёл', { exact: true })).toBeChecked();
    // Someone who came without a booking: a bad phone is refused in Russian, the name kept; then added as «Пришёл».
    const walkIn = `Без записи ${run}`;
    await page.getByLabel('Имя', { exact: true }).fill(walkIn);
    await page.getByLabel('Телефон', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Добавить: пришёл' }).click();
    await expect(page.getByText(/^Проверьте номер/)).toBeVisible();
    await expect(page.getByLabel('Имя', { exact: true })).toHaveValue(walkIn);
    await page.getByLabel('Телефон', { exact: true }).fill(`+7916${digits}4`);
    await page.getByRole('button', { name: 'Добавить: пришёл' }).click();
    await expectFlash(page, `${walkIn}: отмечен «Пришёл» без записи`);
    await expect(page.getByRole('group', { name: walkIn }).getByLabel('Пришёл', { exact: true })).toBeChecked();

    // The outcome on the trial bid's page: bought the first card of the cards section.
    await openTrialBid(page, buyer.phone, buyer.name);
    await expect(page.getByRole('heading', { level: 2, name: 'Пробное занятие: Пришёл' })).toBeVisible();
    const outcome = page.locator('form').filter({ has: page.getByRole('group', { name: 'Итог пробного' }) });
    await outcome.getByLabel('Купил абонемент').check();
    const card = outcome.getByLabel('Абонемент', { exact: true });
    const cardTitle = (await card.locator('option').nth(1).textContent())!;
    await card.selectOption({ label: cardTitle });
    await outcome.getByRole('button', { name: 'Сохранить итог' }).click();
    await expectFlash(page, 'Итог: купил абонемент');
    await expect(page.getByRole('heading', { level: 2, name: 'Пробное занятие: Купил абонемент' })).toBeVisible();
    await expect(page.getByText(`Итог пробного: Купил абонемент — ${cardTitle}`)).toBeVisible();

    // The report of this month for the gym: the campaign 1/1/1/1, the no-show's 1/1/0/0; the other gym's bid apart.
    await page.goto('/admin/report');
    await page.getByLabel('Период', { exact: true }).selectOption({ label: 'Этот месяц' });
    await page.getByLabel('Клуб', { exact: true }).selectOption({ label: gym.name });
    await page.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/period=this-month/);
    await expect(page.getByRole('heading', { level: 1, name: 'Отчёт: от заявки до покупки' })).toBeVisible();
    const campaigns = 'Кампания (utm_campaign)';
    expect(await countsOf(page, campaigns, campaign)).toEqual([1, 1, 1, 1]);
    expect(await countsOf(page, campaigns, noShowCampaign)).toEqual([1, 1, 0, 0]);
    await expect(page.getByRole('img', { name: /по неделям/ })).toBeVisible();

    const csv = await page.request.get(`/admin/report.csv?period=this-month&gym=${gym.id}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain(`"${campaigns}";"${campaign}";"1";"1";"1";"1";"100 %";"100 %";"100 %"`);
    expect(text).toContain(`"${campaigns}";"${noShowCampaign}";"1";"1";"0";"0";"100 %";"0 %";"—"`);
    // Only counts: no names or phones.
    expect(text).not.toContain(buyer.name);

    // Every gym: the other gym's bid of the same campaign now counts — as a bid only.
    await page.getByLabel('Клуб', { exact: true }).selectOption({ label: 'Все клубы' });
    await page.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/gym=(&|$)/);
    expect(await countsOf(page, campaigns, campaign)).toEqual([2, 1, 1, 1]);
  });
});
