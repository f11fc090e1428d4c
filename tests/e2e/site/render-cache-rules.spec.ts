/**
 * What an anonymous request cannot do to the render cache (docs/http-caching.md, docs/security.md): pass it by with
 * a cookie named like the staff session or an old one, put a forwarded host into a page others get, or fill it with
 * random query strings and far-off dates; and a stored page does not outlive the sessions it offers. On a server of its own, so that no other test's visit fills or clears the
 * cache under these.
 */
import { expect, test } from '@playwright/test';
import { WEEKDAY_NAMES, WEEKDAY_SHORT } from '#app/lib/schedule.ts';
import { loopbackAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { runOnOwnServer } from '#tests/e2e/own-server.ts';
import { E2E_ADMIN, E2E_PORT } from '#tests/e2e/settings.ts';
import { BROWSER_UA, gotoHydrated } from '#tests/e2e/site/helpers.ts';

const BASE = runOnOwnServer({
  port: Number(process.env.E2E_CACHE_RULES_PORT ?? E2E_PORT + 16),
  dataDir: '.e2e-data/cache-rules',
  env: { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
});

/** The page from a fresh client address with extra headers. */
function visit(path: string, headers: Record<string, string> = {}) {
  return requestFrom(loopbackAddress(), `${BASE}${path}`, { headers });
}

/** The `staff_session` cookie of a fresh sign-in, as `name=value`. */
async function signedInCookie(): Promise<string> {
  const answer = await requestFrom(loopbackAddress(), `${BASE}/login`, {
    method: 'POST',
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(answer.status).toBe(302);
  const cookie = ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .find((value) => value.startsWith('staff_session='));
  expect(cookie).toBeTruthy();
  return cookie!.split(';')[0]!;
}

test('a cookie merely named like the staff session gets the shared page', async () => {
  await visit('/coaches');
  expect((await visit('/coaches')).headers['x-render-cache']).toBe('hit');
  for (const cookie of ['staff_session=1', 'staff_session=eyJpZCI6MX0%3D.Zm9yZ2Vk', 'gym=1; staff_session=x']) {
    const answer = await visit('/coaches', { Cookie: cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-render-cache']).toBe('hit');
  }
});

test('a signed-in staff member sees the live page; the same cookie after logout gets the shared one', async () => {
  const cookie = await signedInCookie();
  await visit('/trends');
  expect((await visit('/trends', { Cookie: cookie })).headers['x-render-cache']).toBe('bypass');
  const out = await requestFrom(loopbackAddress(), `${BASE}/logout`, { method: 'POST', headers: { Cookie: cookie } });
  expect(out.status).toBe(302);
  // Replayed on every request, the old cookie costs the server one look-up, and each answer comes from memory.
  for (let n = 0; n < 3; n++) {
    expect((await visit('/trends', { Cookie: cookie })).headers['x-render-cache']).toBe('hit');
  }
});

test('a forwarded host never reaches the canonical address, Open Graph or JSON-LD of a page', async () => {
  // The server trusts its loopback proxy (TRUST_PROXY=loopback) and has no PUBLIC_URL: a client behind the proxy
  // adds the header, which the proxy passes on.
  const poisoned = await visit('/', { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' });
  expect(poisoned.status).toBe(200);
  expect(poisoned.body).not.toContain('evil.example');
  const next = await visit('/');
  expect(next.body).not.toContain('evil.example');
  expect(next.body).toContain(`<link rel="canonical" href="${BASE}/"`);
  expect(next.body).toContain(`<meta property="og:url" content="${BASE}/"`);
});

test('random query strings and far-off dates render without filling the cache', async () => {
  for (const path of [
    `/coaches?utm_source=${Math.random().toString(36).slice(2)}`,
    `/?x=${Math.random().toString(36).slice(2)}`,
    '/shedule?week=2099-W01',
    '/coaches?trend=999999',
  ]) {
    const first = await visit(path);
    expect(first.status).toBe(200);
    const second = await visit(path);
    expect(second.headers['x-render-cache'], path).toBe('bypass');
  }
});

/** The ISO week of the schedule's «Следующая неделя» link, if the page has one. */
function nextWeekOf(body: string): string | undefined {
  return /href="\/shedule\?week=(\d{4}-W\d{2})"[^>]*>[^<]*Следующая/.exec(body)?.[1];
}

test('a sign-up page of a coming session is stored; the same session years ahead is not', async () => {
  // Late in the week (a Sunday afternoon in the gym's zone) this week may have no coming session left: then next week's.
  const signupLink = /href="\/shedule\/signup\?slot=(\d+)&amp;date=(\d{4}-\d{2}-\d{2})"/;
  const schedule = await visit('/shedule');
  let link = signupLink.exec(schedule.body);
  if (!link) {
    link = signupLink.exec((await visit(`/shedule?week=${nextWeekOf(schedule.body)}`)).body);
  }
  expect(link).not.toBeNull();
  const [, slot, date] = link!;
  const near = `/shedule/signup?slot=${slot}&date=${date}`;
  await visit(near);
  expect((await visit(near)).headers['x-render-cache']).toBe('hit');

  // The same weekday 20 years on: the page exists and renders, but is not kept.
  const far = new Date(`${date}T12:00:00Z`);
  far.setUTCDate(far.getUTCDate() + 7 * 1044);
  const farPath = `/shedule/signup?slot=${slot}&date=${far.toISOString().slice(0, 10)}`;
  expect((await visit(farPath)).status).toBe(200);
  expect((await visit(farPath)).headers['x-render-cache']).toBe('bypass');
});

test('the schedule of next week and its filters are stored like the page without them', async () => {
  const schedule = await visit('/shedule');
  const week = nextWeekOf(schedule.body) ?? /\?week=(\d{4}-W\d{2})/.exec(schedule.body)?.[1];
  expect(week).toBeTruthy();
  const path = `/shedule?week=${week}`;
  await visit(path);
  expect((await visit(path)).headers['x-render-cache']).toBe('hit');
  const trend = /<option value="(\d+)"/.exec(schedule.body)?.[1];
  expect(trend).toBeTruthy();
  const filtered = `/shedule?trend=${trend}`;
  await visit(filtered);
  expect((await visit(filtered)).headers['x-render-cache']).toBe('hit');
});

test('client-side navigation is answered from the cache too (its `.data` request names its routes)', async ({
  browser,
}) => {
  const states: string[] = [];
  // Three visitors; any of the later two may find the page stored (an edit elsewhere may clear it in between).
  for (let n = 0; n < 3; n++) {
    const context = await browser.newContext({ userAgent: BROWSER_UA, baseURL: BASE });
    const page = await context.newPage();
    await gotoHydrated(page, '/trends');
    const data = page.waitForResponse((response) => new URL(response.url()).pathname === '/coaches.data');
    await page.getByRole('navigation').getByRole('link', { name: 'Тренеры' }).first().click();
    const answer = await data;
    expect(new URL(answer.url()).searchParams.get('_routes')).toBeTruthy();
    states.push(answer.headers()['x-render-cache'] ?? '');
    await context.close();
  }
  expect(states.slice(1)).toContain('hit');
  // Routes of another page in `_routes` are not this page's: rendered, never stored.
  const foreign = '/coaches.data?_routes=routes/admin/dashboard';
  await visit(foreign);
  expect((await visit(foreign)).headers['x-render-cache']).toBe('bypass');
});

test('a cached schedule stops offering «Записаться» for a session the moment it starts', async ({ page }) => {
  // Waits for the clock: a session is made to start at the next minute at least 12 s away, reckoned after signing in
  // (the slow step), so that saving it and two visits fit before it starts.
  test.setTimeout(200_000);
  await page.goto('/login?redirectTo=/admin/trainings/slots/new');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Пароль').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByLabel('Начало', { exact: true })).toBeVisible();
  const zone = 'Asia/Yekaterinburg';
  const startsAt = new Date(Math.ceil((Date.now() + 12_000) / 60_000) * 60_000);
  const local = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, ...options }).format(startsAt);
  const today = local({ year: 'numeric', month: '2-digit', day: '2-digit' });
  test.skip(today !== new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date()), 'too close to midnight');
  const start = local({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const weekday = WEEKDAY_NAMES[day]!;

  const training = (await page.getByLabel('Тренировка', { exact: true }).locator('option').nth(1).textContent())!;
  await page.getByLabel('Зал', { exact: true }).selectOption({ label: 'Клуб на Малышева' });
  await page.getByLabel('Тренировка', { exact: true }).selectOption({ label: training });
  await page.getByLabel('День недели', { exact: true }).selectOption({ label: weekday });
  await page.getByLabel('Начало', { exact: true }).fill(start);
  await page.getByLabel('Длительность, мин', { exact: true }).fill('45');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  const slotLink = page.getByRole('link', { name: new RegExp(`^${WEEKDAY_SHORT[day]} ${start} `) }).first();
  const slot = /\/(\d+)$/.exec((await slotLink.getAttribute('href'))!)![1];

  const signup = `slot=${slot}&amp;date=${today}`;
  expect((await visit('/shedule')).body).toContain(signup);
  const cached = await visit('/shedule');
  expect(cached.headers['x-render-cache']).toBe('hit');
  expect(cached.body).toContain(signup);
  // Once the session has started the page is rendered anew, without its sign-up link — not at midnight.
  await expect
    .poll(async () => (await visit('/shedule')).body.includes(signup), { timeout: 120_000, intervals: [500] })
    .toBe(false);
});
