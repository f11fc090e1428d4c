/**
 * Requests from other client addresses. The whole 127.0.0.0/8 block is loopback on Linux, so binding the client
 * socket to, say, 127.31.4.7 makes the server see that address — whatever the proxy settings, with no forwarded
 * header involved. Lets one test play an attacker and a staff member at two addresses.
 */
import http from 'node:http';
import type { Page, Request as PlaywrightRequest } from '@playwright/test';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

let counter = 0;

/** A loopback address no other test of this run uses. */
export function loopbackAddress(): string {
  counter += 1;
  const n = ((process.pid % 250) << 12) + counter * 7 + Math.floor(Math.random() * 7);
  return `127.${2 + ((n >> 16) % 250)}.${(n >> 8) & 255}.${n & 255 || 1}`;
}

export interface AddressResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request from `address`; a form body is sent URL-encoded, redirects are not followed. */
export function requestFrom(
  address: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; form?: Record<string, string>; body?: Buffer } = {},
): Promise<AddressResponse> {
  const body = options.form ? Buffer.from(new URLSearchParams(options.form).toString()) : options.body;
  const headers: Record<string, string> = { 'User-Agent': BROWSER_UA, ...options.headers };
  if (options.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  if (body) headers['Content-Length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers, localAddress: address },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Sends the page's POSTs to paths matching `path` from `address` instead of the browser's own. */
export async function postFromAddress(page: Page, address: string, path: RegExp): Promise<void> {
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      const request: PlaywrightRequest = route.request();
      if (request.method() !== 'POST') return route.continue();
      const headers = Object.fromEntries(
        // Without accept-encoding the answer comes back uncompressed, as the text route.fulfill() passes on.
        Object.entries(await request.allHeaders()).filter(
          ([name]) => !name.startsWith(':') && name !== 'content-length' && name !== 'accept-encoding',
        ),
      );
      const answer = await requestFrom(address, request.url(), {
        method: 'POST',
        headers,
        body: request.postDataBuffer() ?? undefined,
      });
      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && name !== 'content-length' && name !== 'transfer-encoding') {
          responseHeaders[name] = Array.isArray(value) ? value.join('\n') : value;
        }
      }
      await route.fulfill({ status: answer.status, headers: responseHeaders, body: answer.body });
    },
  );
}
