/**
 * A signed-in member of staff who edits a URL by hand, or a broken form, gets a 4xx or the page without the odd value,
 * never a 500: ids are bounded to PostgreSQL's integer, dates are real calendar dates, bodies must be forms.
 */
import { expect, test } from '@playwright/test';
import { login } from '#tests/e2e/admin/helpers.ts';

test.use({ javaScriptEnabled: false });

const BAD_PATHS = [
  '/admin/bids/9999999999',
  '/admin/bids/2147483648',
  '/admin/bids/0',
  '/admin/bids/-1',
  '/admin/bids/1e3',
  '/admin/bids?after=9999999999',
  '/admin/bids?after=-5',
  '/admin/bids?gym=99999999999999999999',
  '/admin/bids?from=2026-02-31',
  '/admin/bids?from=0000-01-01',
  '/admin/bids?to=2026-13-01&from=abc',
  '/admin/bids/export.csv?from=2026-02-31&gym=9999999999',
  '/admin/bids?q=%00%01',
  '/admin/gyms?q=%00',
  '/admin/audit?before=9999999999',
  '/admin/audit?before=abc',
  '/admin/gyms/9999999999',
  '/admin/gyms/99999999999999999999/delete',
  '/admin/gyms?page=99999999999999&sort=nonsense&dir=sideways',
  '/admin/gallery?gym_id=99999999999999999999&published=maybe',
  '/admin/trainings/slots?gym_id=99999999999999999999',
  '/admin/trainings/slots?training_id=-1&q=%00',
  '/admin/trainings/trends/abc',
  '/admin/no-such-section',
  '/admin/gyms/1/unknown',
];

test('malformed staff URLs answer below 500', async ({ page }) => {
  await login(page);
  for (const path of BAD_PATHS) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
  }
});

test('ids out of range in a path are "not found"', async ({ page }) => {
  await login(page);
  for (const path of ['/admin/bids/9999999999', '/admin/gyms/9999999999', '/admin/gyms/2147483648/delete']) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
});

test('malformed staff forms answer 400, and a CR/LF in the list address after a move cannot break the redirect', async ({
  page,
  baseURL,
}) => {
  await login(page);
  const headers = { Origin: baseURL! };
  const posts: Array<{ path: string; form?: Record<string, string>; json?: string }> = [
    { path: '/admin/gyms', form: { id: '9999999999', intent: 'up' } },
    { path: '/admin/gyms', form: { id: '1', intent: 'explode' } },
    { path: '/admin/gyms', json: '{"id":1,"intent":"up"}' },
    { path: '/admin/bids/1', json: '{"status":"done"}' },
    { path: '/admin/staff', form: { intent: 'disable', id: '99999999999' } },
    { path: '/admin/staff', form: { intent: 'nothing' } },
    { path: '/admin/gyms/new', json: '{}' },
    { path: '/admin/account', json: '{"intent":"start"}' },
  ];
  for (const { path, form, json } of posts) {
    const response = json
      ? await page.request.post(path, { data: json, headers: { ...headers, 'Content-Type': 'application/json' } })
      : await page.request.post(path, { form, headers, maxRedirects: 0 });
    expect(response.status(), `${path} ${json ?? JSON.stringify(form)}`).toBe(400);
  }

  // Gym 1 is first in the display order: "up" moves nothing but still answers with the redirect back to the list.
  const moved = await page.request.post('/admin/gyms', {
    form: { id: '1', intent: 'up', back: '?q=x\r\nSet-Cookie: evil=1' },
    headers,
    maxRedirects: 0,
  });
  expect(moved.status()).toBe(302);
  expect(moved.headers().location).toBe('/admin/gyms?q=x%0D%0ASet-Cookie%3A+evil%3D1');
  expect(moved.headers()['set-cookie'] ?? '').not.toContain('evil');
});

test('POST /gym answers 400 for a body that is not a form or a gym that does not exist', async ({
  request,
  baseURL,
}) => {
  const headers = { Origin: baseURL! };
  const json = await request.post('/gym', {
    data: '{"gymId":2}',
    headers: { ...headers, 'Content-Type': 'application/json' },
    maxRedirects: 0,
  });
  expect(json.status()).toBe(400);
  for (const gymId of ['99999999999', '0', 'abc', '999']) {
    const response = await request.post('/gym', { form: { gymId, redirectTo: '/' }, headers, maxRedirects: 0 });
    expect(response.status(), gymId).toBe(400);
  }
});
