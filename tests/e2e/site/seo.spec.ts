import { expect, test } from '@playwright/test';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

test('/sitemap.xml lists every published public page', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  for (const path of [
    '/',
    '/new',
    '/shedule',
    '/trends',
    '/coaches',
    '/promos',
    '/trends/1',
    '/coaches/10',
    '/trainings/12',
  ]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  expect(xml).not.toContain('/admin');
});

test('/robots.txt keeps the staff area out and points at the sitemap', async ({ request, baseURL }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain('Disallow: /admin');
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('the home page describes the gyms as schema.org ExerciseGym', async ({ page }) => {
  await page.goto('/');
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json!);
  const gyms = Array.isArray(data) ? data : [data];
  expect(gyms.length).toBe(3);
  expect(gyms[0]).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'ExerciseGym',
    name: 'Клуб на Малышева',
    address: { streetAddress: 'Екатеринбург, ул. Малышева, 51' },
    geo: { latitude: 56.83591, longitude: 60.61472 },
  });
});

test('public pages are revalidated by browsers on every visit, briefly kept by shared caches, and vary on the gym cookie', async ({
  request,
}) => {
  for (const path of ['/', '/trends', '/shedule', '/coaches/1', '/coaches.data']) {
    const response = await request.get(path, { headers: { 'User-Agent': BROWSER_UA } });
    expect(response.headers()['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=30');
    expect(response.headers().vary).toContain('Cookie');
  }
  const gyms = await request.get('/api/gym');
  expect(gyms.headers()['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=30');
});

test('a bid answer is never cached', async ({ request, baseURL }) => {
  const response = await request.post('/new', {
    headers: { Origin: baseURL!, 'User-Agent': BROWSER_UA, 'X-Forwarded-For': '10.253.0.1' },
    form: { formId: 'trial', kind: 'trial', name: '' },
  });
  expect(response.status()).toBe(400);
  expect(response.headers()['cache-control']).toBe('private, no-store');
});

test('the build id endpoint answers the live build and is not cached', async ({ request }) => {
  const response = await request.get('/api/build-id');
  expect(response.headers()['cache-control']).toBe('no-store');
  expect((await response.json()).buildId).toMatch(/\S+/);
});
