/**
 * Request bodies (docs/security.md, "Request bodies"): counted as they arrive, refused with 413 at the limit — the
 * error page for a browser, short text otherwise — and the server keeps answering. A declared 300 MB body is
 * refused before it is sent.
 */
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { loopbackAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

/** A POST whose body is sent chunked, 64 KB at a time, until the server answers or `totalBytes` are sent. */
function chunkedPost(url: string, totalBytes: number, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; sent: number }>(
    (resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        localAddress: loopbackAddress(),
        headers: { 'User-Agent': BROWSER_UA, 'Transfer-Encoding': 'chunked', ...headers },
      });
      let sent = 0;
      let answered = false;
      const chunk = Buffer.alloc(64 * 1024, 'a');
      request.on('response', (response) => {
        answered = true;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          body += text;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, sent }));
      });
      request.on('error', (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        while (!answered && sent < totalBytes) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        if (!answered) request.end();
      };
      pump();
    },
  );
}

test('a 60 MB chunked form to /new is refused with 413 at 64 KB, and the server answers on', async ({ baseURL }) => {
  const answer = await chunkedPost(`${baseURL}/new`, 60 * 1024 * 1024, {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'text/html',
  });
  expect(answer.status).toBe(413);
  expect(answer.headers.connection).toBe('close');
  expect(answer.headers['content-type']).toContain('text/html');
  expect(answer.body).toContain('Ошибка');
  expect(answer.body).toContain('<p class="error-page__status">413</p>');
  // Styled like the root error page: the site stylesheet inline, as on every page.
  expect(answer.body).toMatch(/<style>[^<]*\.error-page__panel/);
  expect(answer.body).toContain('Слишком большой запрос: не больше 64 КБ');
  expect(answer.sent).toBeLessThan(20 * 1024 * 1024);
  expect((await requestFrom(loopbackAddress(), `${baseURL}/`)).status).toBe(200);
});

test('a declared 300 MB body is refused at once, before it is sent', async ({ baseURL }) => {
  const started = Date.now();
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(`${baseURL}/login`, {
      method: 'POST',
      localAddress: loopbackAddress(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(300 * 1024 * 1024) },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        body += text;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.flushHeaders();
  });
  expect(answer.status).toBe(413);
  expect(answer.body).toBe('413 Слишком большой запрос: не больше 64 КБ\n');
  expect(Date.now() - started).toBeLessThan(2000);
});

test('a form with too many fields is refused', async ({ baseURL }) => {
  const form = Object.fromEntries(Array.from({ length: 150 }, (_, n) => [`f${n}`, 'x']));
  const answer = await requestFrom(loopbackAddress(), `${baseURL}/new`, { method: 'POST', form });
  expect(answer.status).toBe(413);
  expect(answer.body).toContain('Слишком много полей в форме');
});

test('a bot posting an invalid bid gets the same 400 page with the Russian message as a person', async ({
  baseURL,
}) => {
  const form = { formId: 'trial', kind: 'trial', name: '', phone: '123', token: 'x' };
  const bot = await requestFrom(loopbackAddress(), `${baseURL}/new`, {
    method: 'POST',
    headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    form,
  });
  const person = await requestFrom(loopbackAddress(), `${baseURL}/new`, { method: 'POST', form });
  for (const answer of [bot, person]) {
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain('Укажите, как к вам обращаться');
  }
  // Error pages are still bare for bots.
  const missing = await requestFrom(loopbackAddress(), `${baseURL}/no-such-page`, {
    headers: { 'User-Agent': 'Googlebot/2.1' },
  });
  expect(missing.status).toBe(404);
  expect(missing.headers['content-type']).toContain('text/plain');
});
