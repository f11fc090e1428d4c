/**
 * Bid limits that a script cannot step around (docs/security.md, "Rate limits"): a form token is good for a few
 * accepted bids only, a phone number for twenty an hour, and one address — a club's lobby, a carrier's NAT — for thirty
 * per ten minutes; refused with 429, `Retry-After` and a Russian message that offers the club's phone, input kept.
 */
import { expect, test } from '@playwright/test';
import { addDays, isoWeekOf } from '#app/lib/schedule.ts';
import { loopbackAddress, postFromAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { BROWSER_UA, gotoHydrated, useUniqueIp, waitForFillTime, waitForTokenAge } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

/** Mirrors BID_TOKEN_USES, BID_RATE_LIMIT and BID_PHONE_LIMIT. */
const TOKEN_USES = 3;
const BIDS_PER_ADDRESS = 30;
const BIDS_PER_PHONE = 20;
/** The phone of «Клуб на Малышева», the gym of /new's form (db/demo/content.ts). */
const CLUB_PHONE = 'позвоните нам: +7 343 312-40-51';

let phoneCounter = 0;
/** A phone number of its own for every bid, so only the limit under test is reached. */
function uniquePhone(): string {
  phoneCounter += 1;
  return `+7912${String((process.pid * 1000 + phoneCounter) % 10_000_000).padStart(7, '0')}`;
}

const tokenIn = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';

async function freshTokens(baseURL: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    tokens.push(tokenIn((await requestFrom(loopbackAddress(), `${baseURL}/new`)).body));
  }
  expect(tokens.every(Boolean)).toBe(true);
  for (const token of tokens) await waitForTokenAge(token);
  return tokens;
}

function bidForm(token: string, name: string, phone = uniquePhone()) {
  return { formId: 'trial', kind: 'trial', name, phone, consent: 'on', token };
}

test('one form token is accepted a few times at most, even from many addresses', async ({ baseURL }) => {
  const [token] = await freshTokens(baseURL!, 1);
  const statuses: number[] = [];
  let last = '';
  for (let i = 0; i <= TOKEN_USES; i++) {
    const response = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
      method: 'POST',
      headers: { Origin: baseURL! },
      form: bidForm(token!, 'Повтор Токенов'),
    });
    statuses.push(response.status);
    last = response.body;
  }
  expect(statuses).toEqual([...Array(TOKEN_USES).fill(302), 400]);
  expect(last).toContain('Эта форма уже отправлена');
  expect(last).toContain('value="Повтор Токенов"');

  // The refused answer carries a fresh token: a person who means another bid sends the form again.
  const fresh = tokenIn(last);
  expect(fresh).not.toBe(token);
  await waitForTokenAge(fresh);
  const again = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
    method: 'POST',
    headers: { Origin: baseURL! },
    form: bidForm(fresh, 'Повтор Токенов'),
  });
  expect(again.status).toBe(302);
});

test('a lobby of thirty people on one address is served; the next bid is a 429 that offers the club’s phone', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const address = loopbackAddress();
  const tokens = await freshTokens(baseURL!, BIDS_PER_ADDRESS + 1);
  for (const token of tokens.slice(0, BIDS_PER_ADDRESS)) {
    const response = await requestFrom(address, `${baseURL}/new`, {
      method: 'POST',
      headers: { Origin: baseURL! },
      form: bidForm(token, 'Лимит Адреса'),
    });
    expect(response.status).toBe(302);
  }
  const refused = await requestFrom(address, `${baseURL}/new`, {
    method: 'POST',
    headers: { Origin: baseURL! },
    form: bidForm(tokens.at(-1)!, 'Лимит Адреса'),
  });
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(10 * 60);
  expect(refused.body).toContain('Слишком много заявок с вашего адреса');
  expect(refused.body).toContain(CLUB_PHONE);
});

test('one phone number gets twenty bids an hour, from whatever address; the next is a 429', async ({ baseURL }) => {
  const phone = uniquePhone();
  const tokens = await freshTokens(baseURL!, BIDS_PER_PHONE + 1);
  for (const token of tokens.slice(0, BIDS_PER_PHONE)) {
    const response = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
      method: 'POST',
      headers: { Origin: baseURL! },
      form: bidForm(token, 'Лимит Телефона', phone),
    });
    expect(response.status).toBe(302);
  }
  const refused = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
    method: 'POST',
    headers: { Origin: baseURL! },
    form: bidForm(tokens.at(-1)!, 'Лимит Телефона', phone),
  });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.body).toContain('С этого номера уже отправлено много заявок');
  expect(refused.body).toContain(CLUB_PHONE);
  expect(refused.body).toContain('value="Лимит Телефона"');
});

for (const javaScriptEnabled of [false, true]) {
  test(`a visitor over the limit ${javaScriptEnabled ? 'with' : 'without'} JavaScript sees when to try again, input kept`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, userAgent: BROWSER_UA });
    const page = await context.newPage();
    const address = loopbackAddress();
    for (const token of await freshTokens(baseURL!, BIDS_PER_ADDRESS)) {
      const response = await requestFrom(address, `${baseURL}/new`, {
        method: 'POST',
        headers: { Origin: baseURL! },
        form: bidForm(token, 'Лимит Браузера'),
      });
      expect(response.status).toBe(302);
    }
    await postFromAddress(page, address, /^\/new/);
    if (javaScriptEnabled) await gotoHydrated(page, '/new');
    else await page.goto('/new');
    const form = page.getByRole('form', { name: 'Записаться на пробное занятие' });
    await form.getByLabel('Имя').fill('Ольга');
    await form.getByLabel('Телефон').fill('+7 912 345-67-01');
    await form.getByLabel(/^Я согласен на обработку персональных данных/).check();
    await waitForFillTime(form);
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    const response = await answer;
    expect(response.status()).toBe(429);
    expect(Number(await response.headerValue('retry-after'))).toBeGreaterThan(0);
    const refusedForm = page.getByRole('form', { name: 'Записаться на пробное занятие' });
    await expect(refusedForm.getByRole('alert')).toContainText(
      'Слишком много заявок с вашего адреса. Попробуйте ещё раз через',
    );
    await expect(refusedForm.getByRole('alert')).toContainText(CLUB_PHONE);
    await expect(refusedForm.getByLabel('Имя')).toHaveValue('Ольга');
    await context.close();
  });
}

test('a form sent too fast names the button its page shows', async ({ page, baseURL }) => {
  await useUniqueIp(page);
  // A session of next week: its sign-up page shows «Записаться» (or «Встать в лист ожидания» when full).
  await page.goto(`/shedule?week=${isoWeekOf(addDays(new Date().toISOString().slice(0, 10), 7))}`);
  const href = await page
    .getByRole('link', { name: /^Записаться:/ })
    .first()
    .getAttribute('href');
  const signup = new URL(href!, baseURL);
  const cases: Array<{ path: string; fields: Record<string, string>; button: string }> = [
    { path: '/new', fields: { formId: 'trial', kind: 'trial' }, button: 'Отправить заявку' },
    ...(
      [
        ['place', 'Записаться'],
        ['waiting', 'Встать в лист ожидания'],
      ] as const
    ).map(([intent, button]) => ({
      path: `${signup.pathname}${signup.search}`,
      fields: {
        formId: 'signup',
        kind: 'signup',
        slot: signup.searchParams.get('slot')!,
        date: signup.searchParams.get('date')!,
        intent,
      },
      button,
    })),
  ];
  for (const { path, fields, button } of cases) {
    const shown = await requestFrom(loopbackAddress(), `${baseURL}${path}`);
    // Sent the moment the page arrived: faster than a person fills a form.
    const response = await requestFrom(loopbackAddress(), `${baseURL}${path}`, {
      method: 'POST',
      headers: { Origin: baseURL! },
      form: { ...fields, name: 'Быстрая Рука', phone: uniquePhone(), consent: 'on', token: tokenIn(shown.body) },
    });
    expect(response.status, path).toBe(400);
    expect(response.body, path).toContain(
      `Форма отправлена слишком быстро. Проверьте данные и нажмите «${button}» ещё раз.`,
    );
  }
  // The sign-up page's button is the one the message names.
  await page.goto(signup.pathname + signup.search);
  await expect(page.getByRole('button', { name: /^(Записаться|Встать в лист ожидания)$/ })).toBeVisible();
});
