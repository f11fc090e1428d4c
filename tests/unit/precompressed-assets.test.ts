/**
 * The build's browser files sent as their build-time `.br` / `.gz` siblings (app/infra/precompressed-assets.server.ts,
 * docs/decisions/0055-browser-files-compressed-at-build-time.md): the encoding the browser prefers among those it
 * takes, brotli among equals, the file itself otherwise; never compressed twice by the `compression` middleware in
 * front of it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, precompressedAssets } from '#app/infra/precompressed-assets.server.ts';

const script = `export const greeting = ${JSON.stringify('Привет, '.repeat(400))};\n`;
let directory: string;
let server: http.Server;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function ask(requestPath: string, acceptEncoding?: string): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: requestPath, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
  fs.writeFileSync(path.join(directory, 'app-1234.js'), script);
  fs.writeFileSync(path.join(directory, 'app-1234.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(directory, 'app-1234.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(directory, 'only-gzip.css'), 'a{color:red}'.repeat(200));
  fs.writeFileSync(path.join(directory, 'only-gzip.css.gz'), zlib.gzipSync('a{color:red}'.repeat(200)));
  fs.writeFileSync(path.join(directory, 'tiny.js'), 'export {};\n');
  fs.writeFileSync(path.join(directory, 'gone-9999.js'), script);
  fs.writeFileSync(path.join(directory, 'gone-9999.js.br'), zlib.brotliCompressSync(script));
  const app = express();
  // As in server/front.ts: the on-the-fly compression in front of the static files.
  app.use(compression());
  app.use('/assets', precompressedAssets(directory, { immutable: true, maxAge: '1y', index: false }));
  app.use((_req, res) => {
    // As React Router's answer is copied onto the response (server/app.ts): its headers appended.
    res.status(404).append('Content-Type', 'text/plain; charset=utf-8').end('не найдено');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});

afterAll(() => {
  server.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('chooseEncoding', () => {
  it('takes brotli among equals, follows the browser’s qualities, and refuses what it excludes', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('gzip', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('br, gzip;q=0', ['gzip'])).toBeNull();
    expect(chooseEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('identity', ['br', 'gzip'])).toBeNull();
    expect(chooseEncoding('', ['br', 'gzip'])).toBeNull();
    expect(chooseEncoding(undefined, ['br', 'gzip'])).toBeNull();
  });
});

describe('precompressedAssets', () => {
  it('sends the brotli file to a browser that takes it, with the script’s type and caching', async () => {
    const answer = await ask('/assets/app-1234.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends the gzip file to a browser that takes only gzip, and keeps a query string working', async () => {
    const answer = await ask('/assets/app-1234.js?v=1', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(answer.body).toString()).toBe(script);
    const css = await ask('/assets/only-gzip.css', 'br, gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(zlib.gunzipSync(css.body).toString()).toBe('a{color:red}'.repeat(200));
  });

  it('sends the file itself to a browser that takes no compression', async () => {
    for (const accepted of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const answer = await ask('/assets/app-1234.js', accepted);
      expect(answer.headers['content-encoding'], accepted).toBeUndefined();
      expect(answer.headers.vary, accepted).toContain('Accept-Encoding');
      expect(answer.body.toString(), accepted).toBe(script);
    }
  });

  it('leaves a file without compressed siblings to the compression middleware, and misses to the next handler', async () => {
    const tiny = await ask('/assets/tiny.js', 'br');
    expect(tiny.status).toBe(200);
    expect(tiny.body.toString()).toBe('export {};\n');
    const missing = await ask('/assets/none-5678.js', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.body.toString()).toBe('не найдено');
    const malformed = await ask('/assets/%E0%A4%A', 'br');
    expect(malformed.status).toBe(404);
    const nested = await ask('/assets/x/app-1234.js', 'br');
    expect(nested.status).toBe(404);
  });

  it('hands a file whose compressed sibling vanished after the start to the next handler without its type', async () => {
    // The directory is listed once at the start; a build replaced under a running server removes what it listed.
    fs.rmSync(path.join(directory, 'gone-9999.js'));
    fs.rmSync(path.join(directory, 'gone-9999.js.br'));
    const gone = await ask('/assets/gone-9999.js', 'br');
    expect(gone.status).toBe(404);
    expect(gone.headers['content-encoding']).toBeUndefined();
    expect(gone.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(gone.body.toString()).toBe('не найдено');
  });
});
