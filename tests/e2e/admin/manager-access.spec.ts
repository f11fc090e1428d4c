/**
 * A manager of gym 2 walks every `/admin` route and action of the route configuration (app/routes.ts), the way
 * `npm run proof`'s access check walks them anonymously (scripts/proof/checks/access.ts): with the ids of records of
 * gym 1 filled in, nothing of gym 1 can be read — no page, list, option, export or figure shows a marker of gym 1 —
 * and no action changes anything — the audit log has no entry by the manager (docs/product/roles.md, ADR 48).
 * Then, with JavaScript off and on, the manager works in their own gym and is held to it.
 */
import crypto from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { SECTIONS } from '#app/admin/sections.ts';
import { BIDS, GALLERY, GYMS } from '#db/demo/content.ts';
import { adminRoutes } from '#scripts/proof/routes.ts';
import {
  E2E_ADMIN,
  expectFlash,
  login,
  row,
  save,
  unique,
  withAndWithoutJavaScript,
} from '#tests/e2e/admin/helpers.ts';

test.describe.configure({ mode: 'serial' });

const MARK = `ЗАЛ1-${crypto.randomBytes(3).toString('hex')}`;
const MANAGER = {
  email: `manager-${crypto.randomBytes(3).toString('hex')}@club.test`,
  name: `Менеджер второго ${crypto.randomBytes(2).toString('hex')}`,
  password: 'manager-password-12345',
};
const GYM_1 = GYMS[0]!.name;
const GYM_2 = GYMS[1]!.name;

/** Texts that exist only in records of gym 1: the created markers, gym 1's own bids and gallery pictures. */
const otherGyms = new Set(BIDS.filter((bid) => bid.gym !== 1).map((bid) => bid.name));
const GYM_1_TEXTS = [
  MARK,
  ...BIDS.filter((bid) => bid.gym === 1 && !otherGyms.has(bid.name)).map((bid) => bid.name),
  ...GALLERY.filter((item) => item.gym === 1).map((item) => item.alt),
];

/** Every route path under /admin, as declared in app/routes.ts (the proof suite's list of them). */
function staffRoutePaths(): string[] {
  return [...new Set(adminRoutes().map((route) => route.pattern))];
}

function idsIn(html: string, base: string, rest = ''): string[] {
  const pattern = new RegExp(`href="/admin/${base}/(\\d+)${rest}"`, 'g');
  return [...new Set([...html.matchAll(pattern)].map((match) => match[1]!))];
}

function isoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The next date at least two days ahead on ISO weekday `weekday` (a dated change falls on its slot's weekday). */
function nextWeekday(weekday: number): string {
  for (let days = 2; ; days += 1) {
    const date = new Date(Date.now() + days * 86_400_000);
    if ((date.getUTCDay() || 7) === weekday) return date.toISOString().slice(0, 10);
  }
}

/** Ids of gym 1's records by section key, and a version of each, found as the admin. */
const gym1: Record<string, string> = {};
const revisionOf: Record<string, string> = {};
let bidOfGym1 = '';
let scheduledOfGym1 = '';
let managerId = '';
/** Records of shared sections (read-only for the manager), by section key. */
const shared: Record<string, string> = {};

async function post(request: APIRequestContext, baseURL: string, path: string, form: Record<string, string>) {
  return request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
}

async function adminSetUp(page: Page, baseURL: string) {
  await login(page);
  const send = async (path: string, form: Record<string, string>) => {
    const response = await post(page.request, baseURL, path, form);
    const body = response.status() === 302 ? '' : await response.text();
    const messages = [...body.matchAll(/(?:admin-field__error|role="alert")[^>]*>([^<]+)/g)].map((m) => m[1]);
    expect(response.status(), `${path}: ${messages.join('; ')}`).toBe(302);
  };
  const find = async (base: string, query: string) => {
    const html = await (await page.request.get(`/admin/${base}?q=${encodeURIComponent(query)}`)).text();
    const [id] = idsIn(html, base);
    expect(id, `${base} ${query}`).toBeTruthy();
    return id!;
  };
  await send('/admin/coaches/new', { full_name: `${MARK} тренер`, position: 'Тренер', gyms: '1', published: 'on' });
  gym1.coaches = await find('coaches', MARK);
  await send('/admin/cards/new', {
    title: `${MARK} карта`,
    price: '1000',
    validity_months: '1',
    gyms: '1',
    published: 'on',
  });
  gym1.cards = await find('cards', MARK);
  await send('/admin/promos/new', {
    title: `${MARK} акция`,
    text: 'Текст',
    starts_on: isoDate(0),
    ends_on: isoDate(10),
    gyms: '1',
    published: 'on',
  });
  gym1.promos = await find('promos', MARK);
  const trainings = await (await page.request.get('/admin/trainings')).text();
  const training = idsIn(trainings, 'trainings')[0]!;
  await send('/admin/trainings/slots/new', {
    gym_id: '1',
    training_id: training,
    coach_id: gym1.coaches,
    weekday: '3',
    start_time: '23:10',
    duration_min: '30',
    room: `${MARK} студия`,
  });
  const week = await (await page.request.get('/admin/trainings/slots?gym_id=1')).text();
  const slotIds = idsIn(week, 'trainings/slots');
  // The marker slot: the one whose room is the marker's (every slot's page lists the marker coach among its options).
  for (const id of slotIds) {
    if ((await (await page.request.get(`/admin/trainings/slots/${id}`)).text()).includes(`value="${MARK} студия"`))
      gym1['trainings/slots'] = id;
  }
  expect(gym1['trainings/slots']).toBeTruthy();
  // The dated change falls on the slot's own weekday, as the form requires.
  const slotPage = await (await page.request.get(`/admin/trainings/slots/${gym1['trainings/slots']}`)).text();
  const slotWeekday = Number(
    /<option value="(\d)" selected/.exec(slotPage.slice(slotPage.indexOf('name="weekday"')))![1],
  );
  await send('/admin/trainings/changes/new', {
    slot_id: gym1['trainings/slots']!,
    date: nextWeekday(slotWeekday),
    kind: 'cancelled',
    note: `${MARK} заметка`,
    intent: 'notify',
  });
  const changes = await (await page.request.get('/admin/trainings/changes')).text();
  for (const id of idsIn(changes, 'trainings/changes')) {
    if ((await (await page.request.get(`/admin/trainings/changes/${id}`)).text()).includes(`${MARK} заметка`)) {
      gym1['trainings/changes'] = id;
    }
  }
  expect(gym1['trainings/changes']).toBeTruthy();
  const galleryItem = GALLERY.find((item) => item.gym === 1)!;
  gym1.gallery = await find('gallery', galleryItem.alt);
  gym1.gyms = '1';
  // A scheduled change of a gym 1 record.
  await send(`/admin/cards/${gym1.cards}`, {
    title: `${MARK} карта`,
    price: '1200',
    validity_months: '1',
    gyms: '1',
    published: 'on',
    publish_at: `${isoDate(20)}T10:00`,
    version: '1',
  });
  const scheduled = await (await page.request.get('/admin/scheduled')).text();
  for (const id of idsIn(scheduled, 'scheduled')) {
    if ((await (await page.request.get(`/admin/scheduled/${id}`)).text()).includes(`${MARK} карта`)) {
      scheduledOfGym1 = id;
    }
  }
  // A bid of gym 1.
  const bidName = GYM_1_TEXTS[1]!;
  const inbox = await (await page.request.get(`/admin/bids?q=${encodeURIComponent(bidName)}`)).text();
  bidOfGym1 = idsIn(inbox, 'bids')[0]!;
  expect(bidOfGym1).toBeTruthy();
  // A version of every gym 1 record, for the compare pages.
  for (const [key, id] of Object.entries(gym1)) {
    const history = await (await page.request.get(`/admin/${key}/${id}/history`)).text();
    revisionOf[key] = new RegExp(`/admin/${key}/${id}/history/(\\d+)`).exec(history)?.[1] ?? '1';
  }
  // Shared records: one of each shared section.
  for (const key of ['partners', 'trainings', 'trainings/trends']) {
    shared[key] = idsIn(await (await page.request.get(`/admin/${key}`)).text(), key)[0]!;
  }
  // The manager of gym 2, added on /admin/staff.
  await send('/admin/staff', {
    intent: 'create',
    email: MANAGER.email,
    name: MANAGER.name,
    role: 'manager',
    gyms: '2',
    password: MANAGER.password,
  });
  const staffPage = await (await page.request.get('/admin/staff')).text();
  expect(staffPage).toContain(`Менеджер клуба`);
  managerId = /name="id" value="(\d+)"/.exec(staffPage.slice(staffPage.indexOf(MANAGER.email)))![1]!;
}

async function managerPage(browser: Browser, baseURL: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(MANAGER.email);
  await page.getByLabel('Пароль').fill(MANAGER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  return page;
}

/** What the walk fills `:id` with for a route: a record of gym 1 of its section, or of a shared one. */
function fill(path: string): { url: string; kind: 'gym1' | 'shared' | 'list' | 'other' } | null {
  if (path.endsWith('/*')) return { url: `${path.slice(0, -2)}/no-such-page`, kind: 'other' };
  if (!path.includes(':')) return { url: path, kind: path === '/admin/staff' ? 'other' : 'list' };
  if (path.startsWith('/admin/bids/')) return { url: path.replace(':id', bidOfGym1), kind: 'gym1' };
  if (path.startsWith('/admin/scheduled/')) return { url: path.replace(':id', scheduledOfGym1), kind: 'gym1' };
  const section = [...SECTIONS]
    .sort((a, b) => b.key.length - a.key.length)
    .find((candidate) => path.startsWith(`/admin/${candidate.key}/`));
  if (!section) throw new Error(`The walk does not know how to fill in ${path}`);
  const id = gym1[section.key] ?? shared[section.key];
  if (section.singleton) return { url: path.replace(':revisionId', '1'), kind: 'shared' };
  if (!id) throw new Error(`No record of ${section.key} for ${path}`);
  return {
    url: path.replace(':id', id).replace(':revisionId', revisionOf[section.key] ?? '1'),
    kind: gym1[section.key] ? 'gym1' : 'shared',
  };
}

/** Bodies posted to every route: each action the staff area knows, aimed at gym 1's records. */
function bodies(path: string): Array<Record<string, string>> {
  // A list's buttons post the id of a record of that list: gym 1's (or a shared one).
  const key = path.replace(/^\/admin\/?/, '');
  const id = gym1[key] ?? shared[key] ?? gym1.cards!;
  return [
    { intent: 'save', title: 'Взлом', full_name: 'Взлом', name: 'Взлом', published: 'on', version: '1' },
    { intent: 'overwrite', title: 'Взлом', current_version: '99' },
    { intent: 'publish', id },
    { intent: 'unpublish', id },
    { intent: 'up', id },
    { intent: 'delete' },
    { intent: 'cancel' },
    { intent: 'reschedule', due_at: `${isoDate(30)}T10:00` },
    { status: 'done', note: 'Взлом', version: '1' },
    { revision: revisionOf.cards! },
    { intent: 'retry-notification', id: '1' },
    { intent: 'make-admin', id: managerId },
  ];
}

test('a manager of gym 2 can read and change nothing of gym 1 on any /admin route', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await adminSetUp(page, baseURL!);
  const manager = await managerPage(browser, baseURL!);
  const leaks: string[] = [];
  const check = (what: string, body: string) => {
    for (const text of GYM_1_TEXTS) if (body.includes(text)) leaks.push(`${what} shows «${text}»`);
  };
  let requests = 0;
  // Every request is refused or shows nothing of gym 1, so their order does not matter: a few at a time.
  const requestsToSend: Array<() => Promise<void>> = [];
  for (const path of staffRoutePaths()) {
    const target = fill(path);
    if (!target) continue;
    const variants =
      target.kind === 'list'
        ? [
            target.url,
            `${target.url}?gym_id=1`,
            `${target.url}?gym=1`, // The search box repeats the query: a prefix of the marker finds its records without being one.
            `${target.url}?q=${encodeURIComponent(MARK.slice(0, -2))}`,
          ]
        : [target.url];
    for (const url of variants) {
      requestsToSend.push(async () => {
        const response = await manager.request.get(url, { maxRedirects: 0 });
        requests += 1;
        check(`GET ${url} (${response.status()})`, await response.text());
        if (target.kind === 'gym1' && response.status() !== 404) leaks.push(`GET ${url} → ${response.status()}`);
        if (response.status() >= 500) leaks.push(`GET ${url} → ${response.status()}`);
      });
    }
    for (const form of bodies(path)) {
      requestsToSend.push(async () => {
        const response = await post(manager.request, baseURL!, target.url, form);
        requests += 1;
        const status = response.status();
        check(`POST ${target.url} ${JSON.stringify(form)}`, await response.text());
        if (status >= 500) leaks.push(`POST ${target.url} ${form.intent ?? ''} → ${status}`);
        if (target.kind === 'gym1' && status !== 404) leaks.push(`POST ${target.url} ${form.intent ?? ''} → ${status}`);
        if (target.kind === 'shared' && status !== 403 && status !== 404) {
          leaks.push(`POST ${target.url} ${form.intent ?? ''} → ${status} (shared records are read-only)`);
        }
      });
    }
  }
  const sending = async () => {
    for (let next = requestsToSend.shift(); next; next = requestsToSend.shift()) await next();
  };
  await Promise.all(Array.from({ length: 4 }, sending));
  // Pages chosen by their query: the roster of gym 1's session (404, its marks refused too), and the report, which
  // counts every gym's bids (403).
  const roster = `/admin/roster?slot=${gym1['trainings/slots']}&date=${isoDate(0)}`;
  const rosterPage = await manager.request.get(roster, { maxRedirects: 0 });
  check(`GET ${roster}`, await rosterPage.text());
  if (rosterPage.status() !== 404) leaks.push(`GET ${roster} → ${rosterPage.status()}`);
  const rosterPost = await post(manager.request, baseURL!, roster, {
    intent: 'walk-in',
    name: 'Взлом',
    phone: '+79120000000',
  });
  if (rosterPost.status() !== 404) leaks.push(`POST ${roster} → ${rosterPost.status()}`);
  for (const url of ['/admin/report', '/admin/report?gym=1', '/admin/report.csv?gym=1']) {
    const response = await manager.request.get(url, { maxRedirects: 0 });
    check(`GET ${url}`, await response.text());
    if (response.status() !== 403)
      leaks.push(`GET ${url} → ${response.status()} (the report is for admins and editors)`);
  }
  // The CSV export and the week of gym 1 are asked for by their filters too.
  check('CSV', await (await manager.request.get('/admin/bids/export.csv?gym_id=1')).text());
  check('week of gym 1', await (await manager.request.get('/admin/trainings/slots?gym_id=1')).text());
  expect(leaks, `${requests} requests`).toEqual([]);
  expect(requests).toBeGreaterThan(200);

  // Nothing changed: the audit log has no entry by the manager, and the records of gym 1 are as they were.
  await page.goto(`/admin/audit?person=${managerId}`);
  await expect(page.getByText('Под эти условия записей нет.')).toBeVisible();
  await page.goto(`/admin/cards/${gym1.cards}`);
  await expect(page.getByLabel('Название', { exact: true })).toHaveValue(`${MARK} карта`);
  await expect(page.getByLabel('Цена, ₽')).toHaveValue('1000');
  await manager.context().close();
});

withAndWithoutJavaScript(() => {
  test('a manager sees only their gym in the inbox, adds a card only for their gym and reads shared records', async ({
    browser,
    baseURL,
    javaScriptEnabled,
  }) => {
    const manager = await managerPage(browser, baseURL!, javaScriptEnabled);
    await manager.goto('/admin/bids');
    const gyms = manager.getByRole('search', { name: 'Фильтры заявок' }).getByLabel('Зал');
    await expect(gyms.locator('option', { hasText: GYM_2 })).toHaveCount(1);
    await expect(gyms.locator('option', { hasText: GYM_1 })).toHaveCount(0);
    await expect(manager.getByRole('link', { name: 'Сотрудники' })).toHaveCount(0);

    // A card of another gym is refused with a message beside the gyms, nothing stored.
    await manager.goto('/admin/cards/new');
    await expect(
      manager.getByRole('group', { name: 'Залы (ничего не выбрано — все залы)' }).getByLabel(GYM_1),
    ).toHaveCount(0);
    const title = unique('Карта менеджера');
    await manager.getByLabel('Название', { exact: true }).fill(title);
    await manager.getByLabel('Цена, ₽').fill('2500');
    await manager.getByLabel('Срок, месяцев').fill('1');
    await save(manager);
    await expect(manager.getByText('Выберите свой зал')).toBeVisible();
    await manager.getByRole('group', { name: 'Залы (ничего не выбрано — все залы)' }).getByLabel(GYM_2).check();
    await save(manager);
    await expectFlash(manager, `Сохранено: «${title}»`);
    await expect(row(manager, title)).toHaveCount(1);

    // A shared record is shown for reading only.
    await manager.goto('/admin/partners');
    await expect(manager.getByRole('link', { name: /^Добавить/ })).toHaveCount(0);
    await manager
      .getByRole('link', { name: /^Изменить/ })
      .first()
      .click();
    await expect(manager.getByText('Только просмотр')).toBeVisible();
    await expect(manager.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
    await manager.context().close();
  });
});

test('the admin sees the manager and their gym on /admin/staff, and the audit log names the gym', async ({ page }) => {
  await login(page, '/admin/staff');
  await expect(row(page, MANAGER.email)).toContainText(`Менеджер клуба (${GYM_2})`);
  // Filtered to card creations: the other workers' entries would push it off the log's first page.
  await page.goto('/admin/audit?section=card&kind=create');
  await expect(
    page
      .locator('li')
      .filter({ hasText: `${MARK} карта` })
      .first(),
  ).toContainText(GYM_1);
  expect(E2E_ADMIN.email).toBeTruthy();
});
