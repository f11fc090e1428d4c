import { expect, test } from '@playwright/test';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

test('every picture of the home page loads as WebP from the image service', async ({ page, request }) => {
  const variantResponses: Array<{ url: string; status: number; type: string }> = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/_img/')) {
      variantResponses.push({
        url: response.url(),
        status: response.status(),
        type: response.headers()['content-type'] ?? '',
      });
    }
  });
  await page.goto('/');
  const images = page.locator('img.image');
  expect(await images.count()).toBeGreaterThan(3);
  // Bring the lazy ones into view, then every <img> must have decoded a picture.
  for (const image of await images.all()) await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => images.evaluateAll((all) => all.filter((img) => !(img as HTMLImageElement).naturalWidth).length))
    .toBe(0);
  expect(variantResponses.length).toBeGreaterThan(0);
  for (const response of variantResponses) {
    expect(response.status, response.url).toBe(200);
    expect(response.type, response.url).toBe('image/webp');
  }

  // Every src asked for by the page answers 200 image/webp, with long immutable caching.
  const sources = await images.evaluateAll((all) => all.map((img) => img.getAttribute('src') ?? ''));
  for (const src of new Set(sources)) {
    expect(src).toMatch(/^\/_img\/f_webp,w_\d+\/imgs\//);
    const response = await request.get(src);
    expect(response.status(), src).toBe(200);
    expect(response.headers()['content-type'], src).toBe('image/webp');
    expect(response.headers()['cache-control'], src).toBe('public, max-age=31536000, immutable');
  }
});

test('the image service refuses modifiers the product does not use, at once', async ({ page, request }) => {
  await page.goto('/');
  const src = (await page.locator('.hero img').getAttribute('src')) ?? '';
  const key = src.replace(/^\/_img\/[^/]+\/imgs\//, '');
  for (const modifiers of ['enlarge,s_6000x6000,f_avif', 'f_webp,w_5000', 'f_png,w_640', 'f_webp,w_640,blur_50']) {
    const started = Date.now();
    const response = await request.get(`/_img/${modifiers}/imgs/${key}`);
    expect(response.status(), modifiers).toBe(400);
    expect(Date.now() - started).toBeLessThan(2_000);
  }
  expect((await request.get(`/_ipx/enlarge,s_6000x6000,f_avif/imgs/${key}`)).status()).toBe(404);
});

test('the first card picture of /coaches and /promos loads at once with high priority, the rest lazily', async ({
  page,
}) => {
  for (const path of ['/coaches', '/promos']) {
    await page.goto(path);
    const images = page.locator('main img.card__image');
    expect(await images.count(), path).toBeGreaterThan(0);
    await expect(images.first(), path).toHaveAttribute('fetchpriority', 'high');
    await expect(images.first(), path).not.toHaveAttribute('loading', 'lazy');
    for (const image of (await images.all()).slice(1)) await expect(image, path).toHaveAttribute('loading', 'lazy');
  }
});
