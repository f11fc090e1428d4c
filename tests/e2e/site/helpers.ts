import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { E2E_BID_MIN_FILL_MS } from '#tests/e2e/settings.ts';

/** A desktop Chrome user agent: Playwright's "HeadlessChrome" counts as a bot, and bots get bare error answers. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/**
 * The bid forms refuse a submission sooner than their minimum fill time after the server issued the form's token (the
 * anti-bot rule of docs/bid-form.md; the suite's servers run with `E2E_BID_MIN_FILL_MS`); the tests wait this long, a
 * little more.
 */
export const MIN_FILL_WAIT_MS = E2E_BID_MIN_FILL_MS + 200;

/**
 * Waits until the server takes a bid token as sent by a person: MIN_FILL_WAIT_MS after the time it was issued (the
 * token reads `<issued at, ms>.<signature>`). The time a test spent opening the page and filling the form counts, as
 * it does for a visitor, so a test waits only for what is left of it. The server and the tests share one clock.
 */
export async function waitForTokenAge(token: string) {
  const issuedAt = Number(token.split('.')[0]);
  if (!Number.isSafeInteger(issuedAt)) throw new Error(`Not a bid token: «${token}»`);
  const left = issuedAt + MIN_FILL_WAIT_MS - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** `waitForTokenAge` for the token of a bid form on the page (its hidden `token` field). */
export async function waitForFillTime(form: Locator) {
  await waitForTokenAge(await form.locator('input[name="token"]').inputValue());
}

let ipCounter = 0;
/** A distinct client address per test, so the per-IP bid rate limit never interferes (the test server runs with TRUST_PROXY=loopback). */
export function uniqueIp(): string {
  ipCounter += 1;
  const n = (process.pid % 200) * 1000 + ipCounter + Math.floor(Math.random() * 500);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export async function useUniqueIp(page: Page): Promise<string> {
  const ip = uniqueIp();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  return ip;
}

/** GETs `path` and checks that it answered 200 with `contentType`. */
export async function getOk(request: APIRequestContext, path: string, contentType: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toContain(contentType);
  return response;
}

/** Fills a bid form the way a person does (name, phone, consent), waits the minimum fill time and sends it. */
export async function sendBid(form: Locator, name: string, phone: string) {
  await form.getByLabel('Имя').fill(name);
  await form.getByLabel('Телефон').fill(phone);
  await form.getByLabel(/^Я согласен/).check();
  await waitForFillTime(form);
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
}

/**
 * Waits until React has hydrated the page: a public page starts its code at the window's `load` event
 * (app/infra/hydration-after-load.server.ts, ADR 39 in docs/decisions).
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Opens a page and waits until React has hydrated it (`waitForHydration`). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Records every request the page makes to a host other than the site's own. */
export function collectForeignRequests(page: Page, baseURL: string): string[] {
  const own = new URL(baseURL).host;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host !== own) foreign.push(request.url());
  });
  return foreign;
}

export const PUBLIC_PAGES = [
  { path: '/', heading: 'Клуб на Малышева', form: 'Записаться на пробное занятие' },
  { path: '/new', heading: 'Первая тренировка — бесплатно', form: 'Записаться на пробное занятие' },
  { path: '/promos', heading: 'Акции', form: 'Заявка по акции «Первый месяц за 3 490 ₽»' },
  { path: '/trends', heading: 'Направления' },
  { path: '/trends/1', heading: 'Йога' },
  { path: '/coaches', heading: 'Тренеры' },
  { path: '/coaches/1', heading: 'Анна Сергеевна Ковалёва', form: 'Записаться к тренеру' },
  { path: '/shedule', heading: 'Расписание' },
  { path: '/trainings/1', heading: 'Хатха-йога', form: 'Записаться на тренировку' },
] as const;

/** Every page with a bid form, and the form to use there. */
export const BID_FORM_PAGES = PUBLIC_PAGES.flatMap((page) => ('form' in page ? [page] : []));
