/**
 * Bid limits that a script cannot step around: a form token is good for a few accepted bids only, and one address
 * gets five bids per ten minutes — refused with 429, `Retry-After` and a Russian message, the input kept.
 */
import { expect, test } from '@playwright/test';
import { loopbackAddress, postFromAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { BROWSER_UA, gotoHydrated, MIN_FILL_WAIT_MS } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

/** Mirrors BID_TOKEN_USES and BID_RATE_LIMIT. */
const TOKEN_USES = 3;
const BIDS_PER_ADDRESS = 5;

const tokenIn = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';

async function freshTokens(baseURL: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    tokens.push(tokenIn((await requestFrom(loopbackAddress(), `${baseURL}/new`)).body));
  }
  expect(tokens.every(Boolean)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_WAIT_MS));
  return tokens;
}

function bidForm(token: string, name: string) {
  return { formId: 'trial', kind: 'trial', name, phone: '+79123456789', consent: 'on', token };
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
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_WAIT_MS));
  const again = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
    method: 'POST',
    headers: { Origin: baseURL! },
    form: bidForm(fresh, 'Повтор Токенов'),
  });
  expect(again.status).toBe(302);
});

test('the sixth bid from one address within ten minutes is a 429 with Retry-After', async ({ baseURL }) => {
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
    await page.waitForTimeout(MIN_FILL_WAIT_MS);
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    const response = await answer;
    expect(response.status()).toBe(429);
    expect(Number(await response.headerValue('retry-after'))).toBeGreaterThan(0);
    const refusedForm = page.getByRole('form', { name: 'Записаться на пробное занятие' });
    await expect(refusedForm.getByRole('alert')).toContainText(
      'Слишком много заявок с вашего адреса. Попробуйте ещё раз через',
    );
    await expect(refusedForm.getByLabel('Имя')).toHaveValue('Ольга');
    await context.close();
  });
}
