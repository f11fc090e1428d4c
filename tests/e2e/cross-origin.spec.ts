/**
 * One rule for every write: a POST whose Origin (or, without one, Referer) is another origin — another host, scheme
 * or port — is refused before any action runs, on resource routes too: 403 from our check, or 400 where React
 * Router's own Origin check on page actions answers first. A POST with neither header is not a browser form from
 * another site and goes through (docs/security.md).
 */
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '#tests/e2e/admin/helpers.ts';
import { loopbackAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { BROWSER_UA, waitForTokenAge } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

/** Our check answers 403; React Router's own Origin check on page actions answers 400 before it. */
const REFUSED = [400, 403];

function foreignOrigins(baseURL: string) {
  const own = new URL(baseURL);
  return [
    'https://evil.example',
    `https://${own.host}`,
    `http://${own.hostname}:${Number(own.port) + 1}`,
    `http://localhost:${own.port}`,
    'null',
  ];
}

test('POST /gym from another origin is refused and sets no cookie', async ({ request, baseURL }) => {
  for (const origin of foreignOrigins(baseURL!)) {
    const response = await request.post('/gym', { form: { gymId: '2' }, headers: { Origin: origin }, maxRedirects: 0 });
    expect(response.status(), origin).toBe(403);
    expect(response.headers()['set-cookie'], origin).toBeUndefined();
  }
  const byReferer = await request.post('/gym', {
    form: { gymId: '2' },
    headers: { Referer: 'https://evil.example/page' },
    maxRedirects: 0,
  });
  expect(byReferer.status()).toBe(403);
  const crossSite = await request.post('/gym', {
    form: { gymId: '2' },
    headers: { Origin: baseURL!, 'Sec-Fetch-Site': 'cross-site' },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
});

test('POST /gym from this origin, or from a program sending neither Origin nor Referer, goes through', async ({
  request,
  baseURL,
}) => {
  const own = await request.post('/gym', { form: { gymId: '2' }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(own.status()).toBe(302);
  expect(own.headers()['set-cookie']).toContain('gym=');
  const byReferer = await request.post('/gym', {
    form: { gymId: '2' },
    headers: { Referer: `${baseURL}/coaches` },
    maxRedirects: 0,
  });
  expect(byReferer.status()).toBe(302);
  const program = await request.post('/gym', { form: { gymId: '2' }, maxRedirects: 0 });
  expect(program.status()).toBe(302);
});

test('a login posted from another origin is refused even with the right password', async ({ baseURL }) => {
  const response = await requestFrom(loopbackAddress(), `${baseURL}/login`, {
    method: 'POST',
    headers: { Origin: `http://localhost:${new URL(baseURL!).port}` },
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(REFUSED).toContain(response.status);
  expect(response.headers['set-cookie']).toBeUndefined();
  // Without Origin, a Referer from another site is refused by our check alone.
  const byReferer = await requestFrom(loopbackAddress(), `${baseURL}/login`, {
    method: 'POST',
    headers: { Referer: 'https://evil.example/login' },
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(byReferer.status).toBe(403);
  expect(byReferer.headers['set-cookie']).toBeUndefined();
});

test('a bid posted from another origin is refused and not stored', async ({ request, baseURL }) => {
  const html = await (await request.get('/new')).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  await waitForTokenAge(token);
  const name = `Чужой сайт ${Date.now()}`;
  const response = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
    method: 'POST',
    headers: { Origin: 'https://evil.example' },
    form: { formId: 'trial', kind: 'trial', name, phone: '+79123456789', consent: 'on', token },
  });
  expect(REFUSED).toContain(response.status);
  const byReferer = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
    method: 'POST',
    headers: { Referer: 'https://evil.example/' },
    form: { formId: 'trial', kind: 'trial', name, phone: '+79123456789', consent: 'on', token },
  });
  expect(byReferer.status).toBe(403);
  // The same form from this site is accepted: the search below does find bids by name.
  const accepted = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
    method: 'POST',
    headers: { Origin: baseURL! },
    form: { formId: 'trial', kind: 'trial', name: `${name} свой`, phone: '+79123456789', consent: 'on', token },
  });
  expect(accepted.status).toBe(302);

  const signIn = await request.post('/login', {
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  // The export lists matching bids only (the inbox page would also echo the search text).
  const rows = await (await request.get(`/admin/bids/export.csv?q=${encodeURIComponent(name)}`)).text();
  expect(rows).toContain(`"${name} свой"`);
  expect(rows.replaceAll(`${name} свой`, '')).not.toContain(name);
});
