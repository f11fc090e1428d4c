/**
 * Sections kept as the server's HTML (`ServerHtml`, ADR 51): React does not render them when it hydrates the page,
 * their links still open client-side and prefetch on intent, and they are rendered normally after a client-side
 * navigation or when the page's data changes in the browser.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { BROWSER_UA, gotoHydrated, waitForHydration } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

/** Whether React rendered or hydrated this element (it then carries React's fiber on a `__reactFiber$…` key). */
const renderedByReact = (locator: Locator) =>
  locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { documentMark: true }));
}
const sameDocument = (page: Page) => page.evaluate(() => 'documentMark' in window);

/** The hydration errors React reports on the console from now on (a kept section must cause none). */
function hydrationErrors(page: Page): string[] {
  const recoverable: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Recoverable error while hydrating')) recoverable.push(message.text());
  });
  return recoverable;
}

test('a section kept as server HTML is not rendered again in the browser, and is rendered afresh after a client-side navigation', async ({
  page,
}) => {
  const recoverable = hydrationErrors(page);
  await page.goto('/');
  const trends = page.getByRole('region', { name: 'Направления' });
  const heading = trends.getByRole('heading', { level: 2 });
  // Before the code runs: the heading's text is changed and the element marked. Had React rendered the section, it
  // would have put its own text back (or replaced the element after a hydration mismatch).
  await heading.evaluate((element) => {
    element.textContent = 'Направления как их прислал сервер';
    Object.assign(element, { serverMark: true });
  });
  await waitForHydration(page);
  await expect(heading).toHaveText('Направления как их прислал сервер');
  expect(await heading.evaluate((element) => 'serverMark' in element)).toBe(true);
  expect(await renderedByReact(heading)).toBe(false);
  // The section with the price cards' forms beside it is hydrated.
  const cards = page.getByRole('region', { name: 'Клубные карты' });
  expect(await renderedByReact(cards.getByRole('heading', { level: 2 }))).toBe(true);
  expect(recoverable).toEqual([]);

  // Away and back, client-side: the home page is rendered by React, the section with it.
  await markDocument(page);
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Тренеры' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Тренеры' })).toBeVisible();
  await page.goBack();
  await expect(heading).toHaveText('Направления');
  expect(await renderedByReact(heading)).toBe(true);
  expect(await sameDocument(page)).toBe(true);
});

test('a kept section follows the gym chosen in the browser', async ({ page }) => {
  await gotoHydrated(page, '/');
  const hero = page.getByRole('region', { name: 'Клуб на Малышева' });
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Клуб на Малышева');
  expect(await renderedByReact(title)).toBe(false);
  await markDocument(page);
  await page.getByLabel('Ваш клуб').selectOption({ label: 'Клуб на Уралмаше' });
  await expect(title).toHaveText('Клуб на Уралмаше');
  expect(await renderedByReact(title)).toBe(true);
  await expect(hero).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);
});

test('a link in a kept section opens its page client-side and prefetches it on hover', async ({ page }) => {
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/coaches.data') dataRequests.push(request.url());
  });
  await gotoHydrated(page, '/');
  const coaches = page.getByRole('region', { name: 'Тренеры клуба' });
  const allCoaches = coaches.getByRole('link', { name: 'Все тренеры' });
  expect(await renderedByReact(allCoaches)).toBe(false);
  await allCoaches.hover();
  await expect.poll(() => dataRequests.length).toBeGreaterThan(0);

  await markDocument(page);
  await page.getByRole('region', { name: 'Направления' }).getByRole('link', { name: 'Все направления' }).click();
  await expect(page).toHaveURL(/\/trends$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Направления' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test('the coaches page, a coach profile and a training keep their static parts as server HTML; the parts with forms are hydrated', async ({
  page,
}) => {
  const recoverable = hydrationErrors(page);

  await test.step('/coaches: the cards are kept, the trend filter renders them afresh', async () => {
    await gotoHydrated(page, '/coaches');
    const coach = page.getByRole('link', { name: 'Анна Сергеевна Ковалёва' });
    await expect(coach).toBeVisible();
    expect(await renderedByReact(coach)).toBe(false);
    expect(await renderedByReact(page.getByRole('heading', { level: 1, name: 'Тренеры' }))).toBe(false);
    // The filter form is React's: it is what changes the page in the browser.
    expect(await renderedByReact(page.getByRole('button', { name: 'Показать' }))).toBe(true);
    await markDocument(page);
    await page.getByLabel('Направление').selectOption({ label: 'Единоборства' });
    await page.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/\/coaches\?trend=4/);
    const fighter = page.getByRole('link', { name: 'Дмитрий Андреевич Волков' });
    await expect(fighter).toBeVisible();
    await expect(coach).toHaveCount(0);
    expect(await renderedByReact(fighter)).toBe(true);
    expect(await sameDocument(page)).toBe(true);
  });

  await test.step('/coaches/1: the profile is kept, the sessions and the bid form are hydrated', async () => {
    await gotoHydrated(page, '/coaches/1');
    const trends = page.getByRole('list', { name: 'Направления' });
    await expect(trends.getByRole('link', { name: 'Йога' })).toBeVisible();
    expect(await renderedByReact(trends)).toBe(false);
    expect(await renderedByReact(page.getByRole('heading', { level: 1 }))).toBe(false);
    expect(await renderedByReact(page.getByRole('heading', { name: 'Записаться к тренеру' }))).toBe(true);
    expect(await renderedByReact(page.getByRole('heading', { level: 2, name: /Занятия на неделе/ }))).toBe(true);
    // A link of the kept breadcrumbs opens its page client-side.
    await markDocument(page);
    await page
      .getByRole('navigation', { name: 'Навигационная цепочка' })
      .getByRole('link', { name: 'Тренеры' })
      .click();
    await expect(page).toHaveURL(/\/coaches$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Тренеры' })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });

  await test.step('/trainings/1: the description and the coaches are kept, the bid form is hydrated', async () => {
    await gotoHydrated(page, '/trainings/1');
    const level = page.getByRole('definition').filter({ hasText: 'Любой уровень' });
    await expect(level).toBeVisible();
    expect(await renderedByReact(level)).toBe(false);
    const coaches = page.getByRole('region', { name: 'Тренеры' });
    expect(await renderedByReact(coaches.getByRole('heading', { level: 2 }))).toBe(false);
    expect(await renderedByReact(page.getByRole('heading', { name: 'Записаться на тренировку' }))).toBe(true);
  });
  expect(recoverable).toEqual([]);
});
