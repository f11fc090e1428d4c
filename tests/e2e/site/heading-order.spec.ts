/**
 * Headings go down one level at a time on the public pages (screen-reader users move by headings; Lighthouse's
 * accessibility audit checks the same).
 */
import { expect, test } from '@playwright/test';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

// One test walks the pages, each a step (docs/testing.md, "Cheaper tests"); soft checks, so one page's skip does not
// hide the next pages'.
test('headings on the public pages never skip a level', async ({ page }) => {
  for (const path of ['/', '/shedule', '/coaches', '/promos', '/new', '/trends']) {
    await test.step(path, async () => {
      await page.goto(path);
      const levels = await page
        .locator('h1, h2, h3, h4, h5, h6')
        .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
      expect.soft(levels[0], path).toBe(1);
      const skips = levels.flatMap((level, i) =>
        i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]}→h${level}`] : [],
      );
      expect.soft(skips, path).toEqual([]);
    });
  }
});
