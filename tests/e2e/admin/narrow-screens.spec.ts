/**
 * Every staff page fits a phone (docs/product/staff.md, "Phones"): at 360 px no page scrolls sideways, with
 * JavaScript and without. The pages come from the route configuration (app/routes.ts, which builds the content
 * sections' pages from the registry), so a page added later is walked too; a route whose address the walk cannot
 * fill in fails the test instead of being skipped.
 */
import { expect, type Page, test } from '@playwright/test';
import { SECTIONS, sectionRoutePaths } from '#app/admin/sections.ts';
import { adminRoutes } from '#scripts/proof/routes.ts';
import { login, withAndWithoutJavaScript } from '#tests/e2e/admin/helpers.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

/** Every route path under /admin, as declared (`/admin/gyms/:id/history/:revisionId`). */
function staffRoutePaths(): string[] {
  return [...new Set(adminRoutes().map((route) => route.pattern))];
}

/** Routes that answer no page: files. */
const NOT_PAGES = new Set(['/admin/bids/export.csv', '/admin/report.csv']);

/** The section a route belongs to, by the registry's own paths. */
function sectionOf(path: string) {
  return SECTIONS.find((section) => sectionRoutePaths(section).some((page) => `/admin/${page.path}` === path));
}

/** The `href`s of the links in the server's HTML of `url`, in page order. */
async function linkTargets(page: Page, url: string): Promise<string[]> {
  // Asked for with the page's cookies but not drawn: only the addresses are needed, and a walk of ~50 lists drawn
  // twice (with and without JavaScript) was the slowest part of this file.
  const html = await (await page.request.get(url)).text();
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}

/** The ids in the links of the page at `url` that lead to `/admin/<base>/<id><rest>`, in page order. */
async function linkedIds(page: Page, url: string, base: string, rest = ''): Promise<string[]> {
  const hrefs = await linkTargets(page, url);
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`^/admin/${escaped(base)}/(\\d+)${escaped(rest)}(?:[?#]|$)`);
  return [...new Set(hrefs.flatMap((href) => pattern.exec(href)?.[1] ?? []))];
}

/**
 * A real address for a route path: `:id` is a record of the list (or a bid of the inbox), `:revisionId` a version
 * from the record's history (the first record that has one), `*` an unknown address. Null when the data has no such
 * record yet (a section without any saved version).
 */
async function exampleUrl(page: Page, path: string): Promise<string | null> {
  if (path.endsWith('/*')) return `${path.slice(0, -2)}/no-such-page`;
  // A session's roster is addressed by its query (`?slot=&date=`): the week grid links every next session's.
  if (path === '/admin/roster') {
    await page.goto('/admin/trainings/slots');
    return page.locator('a[href^="/admin/roster?"]').first().getAttribute('href');
  }
  if (!path.includes(':')) return path;
  const section = sectionOf(path);
  const base = section ? section.key : path.replace(/^\/admin\//, '').split('/:')[0]!;
  const unknown = path.replace(/:id\b/, '').replace(/:revisionId\b/, '');
  if (/:(?!id\b|revisionId\b)\w+/.test(path) || unknown.includes(':')) {
    throw new Error(`The walk does not know how to fill in ${path}: teach exampleUrl() its parameter`);
  }
  const ids = section?.singleton ? [''] : await linkedIds(page, `/admin/${base}`, base);
  if (ids.length === 0) return null;
  const record = (id: string) => (section?.singleton ? `/admin/${base}` : `/admin/${base}/${id}`);
  if (!path.includes(':revisionId')) return path.replace(':id', ids[0]!);
  for (const id of ids.slice(0, 5)) {
    const history = section?.singleton ? `${base}/history` : `${base}/${id}/history`;
    const versions = await linkedIds(page, `${record(id)}/history`, history);
    if (versions.length) return `${record(id)}/history/${versions[0]}`;
  }
  return null;
}

async function horizontalOverflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    if (width <= window.innerWidth) return '';
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} «${element.textContent?.slice(0, 40)}»`);
    return `${width} px wide: ${wide.join('; ')}`;
  });
}

test.describe('staff pages at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, userAgent: BROWSER_UA });

  withAndWithoutJavaScript(() => {
    test('no staff page scrolls sideways', async ({ page }, info) => {
      test.setTimeout(240_000);
      const paths = staffRoutePaths();
      // The whole staff area: the dashboard, bids, every section's pages, staff, account, audit, deleted, the 404.
      expect(paths.length).toBeGreaterThan(50);
      await login(page);
      const urls: string[] = [];
      const missing: string[] = [];
      for (const path of paths) {
        if (NOT_PAGES.has(path)) continue;
        const url = await exampleUrl(page, path);
        if (url) urls.push(url);
        else missing.push(path);
      }
      if (missing.length) info.annotations.push({ type: 'no record to show yet', description: missing.join(', ') });
      // Every kind of page was seen at least once (a version page exists for the demo coach's history).
      expect(urls.some((url) => /\/history\/\d+$/.test(url))).toBe(true);

      const wide: string[] = [];
      for (const url of urls) {
        await page.goto(url);
        await page.waitForLoadState('load');
        const overflow = await horizontalOverflow(page);
        if (overflow) wide.push(`${url}: ${overflow}`);
      }
      expect(wide).toEqual([]);
      expect(urls.length).toBeGreaterThan(45);
    });
  });

  test('the dashboard chart keeps its day labels readable on a phone', async ({ page }) => {
    await login(page);
    // The numbers and days of the chart, whether drawn in the SVG or written beside it.
    const labels = page.locator('.admin-chart text, .admin-chart__label');
    await expect(labels.first()).toBeVisible();
    const smallest = await labels.evaluateAll((texts) =>
      Math.min(
        ...texts.map(
          (text) =>
            Number.parseFloat(getComputedStyle(text).fontSize) *
            (text instanceof SVGGraphicsElement ? (text.getScreenCTM()?.a ?? 1) : 1),
        ),
      ),
    );
    // On the screen, not in the SVG's own units: 11 px is the smallest text the staff area uses.
    expect(smallest).toBeGreaterThanOrEqual(11);
  });
});
