/**
 * The development server (`npm run dev`: server.ts --dev, the site module loaded through Vite, no build): it serves
 * pages behind the same front as production (security headers with the nonce), and the 413 page it answers before
 * React Router is styled with the site stylesheet, as in production (server/app.ts imports it as a module in both).
 */
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { runOnOwnServer } from '#tests/e2e/own-server.ts';
import { E2E_PORT } from '#tests/e2e/settings.ts';

const base = runOnOwnServer({
  port: Number(process.env.E2E_DEV_PORT ?? E2E_PORT + 33),
  dataDir: '.e2e-data/dev-server',
  args: ['--dev'],
  env: { NODE_ENV: 'development', DEMO_CONTENT: '0' },
});

/** A form POST of `bytes` bytes that declares its length, answered before the body is read. */
function oversizedPost(url: string, bytes: number) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        Accept: 'text/html',
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(bytes),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (text: string) => {
        body += text;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }),
      );
    });
    request.on('error', reject);
    request.flushHeaders();
  });
}

test('the development server renders pages behind the security headers', async ({ page }) => {
  // The first page compiles the routes through Vite: slow on a busy machine.
  test.setTimeout(120_000);
  const response = await page.goto('/', { timeout: 110_000 });
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(response?.headers()['x-frame-options']).toBe('SAMEORIGIN');
  await expect(page.getByRole('heading', { name: 'Клубы на карте' })).toBeVisible();
  await expect(page.getByText('Адреса клубов появятся здесь совсем скоро.')).toBeVisible();
});

test('its 413 page is styled with the site stylesheet', async () => {
  const answer = await oversizedPost(`${base}/new`, 300 * 1024 * 1024);
  expect(answer.status).toBe(413);
  expect(answer.type).toContain('text/html');
  expect(answer.body).toContain('Слишком большой запрос: не больше 64 КБ');
  expect(answer.body).toMatch(/<style>[^<]*\.error-page__panel/);
});
