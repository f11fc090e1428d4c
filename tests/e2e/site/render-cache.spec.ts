/**
 * The render cache of public pages (docs/http-caching.md): a second visit is answered from memory, yet every answer
 * has its own CSP nonce and its own valid bid-form token; staff edits show on the next visit; personal requests and
 * form posts never touch it; a browser holding the page gets a 304.
 */
import { expect, test } from '@playwright/test';
import { createPublishedCoach, login, unique } from '#tests/e2e/admin/helpers.ts';
import { loopbackAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { BROWSER_UA, gotoHydrated, waitForTokenAge } from '#tests/e2e/site/helpers.ts';

test.use({ userAgent: BROWSER_UA });

function nonceOf(html: string): string {
  const nonce = /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1];
  expect(nonce).toBeTruthy();
  return nonce!;
}

function tokenOf(html: string): string {
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

/** The page twice from a fresh client, so the second answer is surely from the cache. */
async function twoAnswers(base: string, path: string, headers: Record<string, string> = {}) {
  const address = loopbackAddress();
  await requestFrom(address, `${base}${path}`, { headers });
  const first = await requestFrom(address, `${base}${path}`, { headers });
  // A bid token is the signed millisecond its form was shown: two answers in the same millisecond carry the same one.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const second = await requestFrom(address, `${base}${path}`, { headers });
  return [first, second] as const;
}

test('two answers of a cached page carry different nonces and different valid bid tokens', async ({ baseURL }) => {
  const [first, second] = await twoAnswers(baseURL!, '/new');
  expect(first.headers['x-render-cache']).toBe('hit');
  expect(second.headers['x-render-cache']).toBe('hit');

  const [nonceA, nonceB] = [nonceOf(first.body), nonceOf(second.body)];
  expect(nonceA).not.toBe(nonceB);
  expect(first.headers['content-security-policy']).toContain(`'nonce-${nonceA}'`);
  expect(second.headers['content-security-policy']).toContain(`'nonce-${nonceB}'`);
  expect(first.body).not.toMatch(/rcNonce|rcToken/);
  // The inline site stylesheet carries the same per-answer nonce as the scripts.
  expect(first.body).toContain(`<style nonce="${nonceA}">`);
  expect(second.body).toContain(`<style nonce="${nonceB}">`);

  const [tokenA, tokenB] = [tokenOf(first.body), tokenOf(second.body)];
  expect(tokenA).not.toBe(tokenB);

  // A visitor without JavaScript sends the cached page's form after the fill time: accepted.
  await waitForTokenAge(tokenB);
  const sent = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
    method: 'POST',
    headers: { Origin: baseURL! },
    form: { formId: 'trial', kind: 'trial', name: 'Анна Кэш', phone: '+79123456780', consent: 'on', token: tokenB },
  });
  expect(sent.status).toBe(302);
  expect(sent.headers.location).toContain('bid=sent');
  expect(sent.headers['x-render-cache']).toBe('bypass');
});

test('a cached page sent at once is still refused as too fast, with the token it carried', async ({ baseURL }) => {
  const [, cached] = await twoAnswers(baseURL!, '/new');
  expect(cached.headers['x-render-cache']).toBe('hit');
  const sent = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
    method: 'POST',
    headers: { Origin: baseURL! },
    form: {
      formId: 'trial',
      kind: 'trial',
      name: 'Бот',
      phone: '+79123456781',
      consent: 'on',
      token: tokenOf(cached.body),
    },
  });
  expect(sent.status).toBe(400);
  expect(sent.body).toContain('слишком быстро');
});

test('the .data answer of client-side navigation is cached with its own nonce and token too', async ({ baseURL }) => {
  const [first, second] = await twoAnswers(baseURL!, '/new.data');
  expect(second.headers['x-render-cache']).toBe('hit');
  expect(second.headers['content-type']).toContain('text/x-script');
  expect(second.body).not.toMatch(/rcNonce|rcToken/);
  const tokens = [first.body, second.body].map((body) => /"(\d{13}\.[\w-]{32})"/.exec(body)?.[1]);
  expect(tokens[0]).toBeTruthy();
  expect(tokens[0]).not.toBe(tokens[1]);
});

test('gzip answers from the cache decode to the page', async ({ request }) => {
  await request.get('/coaches');
  const response = await request.get('/coaches', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(response.headers()['x-render-cache']).toBe('hit');
  expect(response.headers()['content-encoding']).toBe('gzip');
  expect(response.headers().vary).toMatch(/Cookie/);
  expect(response.headers().vary).toMatch(/Accept-Encoding/);
  // Playwright decodes the body; a broken stream would throw or cut the page short.
  expect(await response.text()).toContain('</html>');
});

test('a browser that holds the page gets 304 Not Modified', async ({ baseURL }) => {
  const [, cached] = await twoAnswers(baseURL!, '/coaches');
  const etag = cached.headers.etag;
  expect(etag).toMatch(/^W\/".+"$/);
  const again = await requestFrom(loopbackAddress(), `${baseURL}/coaches`, { headers: { 'If-None-Match': etag! } });
  expect(again.status).toBe(304);
  expect(again.body).toBe('');
  // The stored copy keeps the policy that matches its nonce.
  expect(again.headers['content-security-policy']).toBeUndefined();
});

test('a bid post is never answered from the cache', async ({ baseURL }) => {
  await twoAnswers(baseURL!, '/promos');
  const posted = await requestFrom(loopbackAddress(), `${baseURL}/promos`, {
    method: 'POST',
    headers: { Origin: baseURL! },
    form: { formId: 'trial', kind: 'trial', name: 'Анна', phone: '+79123456782', consent: 'on', token: 'bad' },
  });
  expect(posted.headers['x-render-cache']).toBe('bypass');
  expect(posted.headers['cache-control']).toBe('private, no-store');
  expect(posted.body).toContain('Страница устарела');
});

test('a signed-in request is never cached, and a staff edit shows to visitors on their next visit', async ({
  page,
  baseURL,
}) => {
  await login(page);
  const staffAnswer = await page.request.get('/coaches');
  expect(staffAnswer.headers()['x-render-cache']).toBe('bypass');

  const [, before] = await twoAnswers(baseURL!, '/coaches');
  expect(before.headers['x-render-cache']).toBe('hit');
  const name = unique('Кэш Тренер');
  expect(before.body).not.toContain(name);

  await createPublishedCoach(page, name);
  const after = await requestFrom(loopbackAddress(), `${baseURL}/coaches`);
  expect(after.headers['x-render-cache']).toBe('miss');
  expect(after.body).toContain(name);
});

test('a page from the cache runs its scripts under the policy sent with it', async ({ page, baseURL }) => {
  await twoAnswers(baseURL!, '/trends');
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // Another worker's staff edit may clear the cache between the warm-up and the visit: warm it again and retry.
  let state: string | undefined;
  for (let attempt = 0; attempt < 5 && state !== 'hit'; attempt += 1) {
    if (attempt > 0) await twoAnswers(baseURL!, '/trends');
    state = (await gotoHydrated(page, '/trends'))?.headers()['x-render-cache'];
  }
  expect(state).toBe('hit');
  expect(violations).toEqual([]);
});
