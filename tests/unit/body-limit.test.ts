import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyLimiter, BodyTooLargeError, fieldCounter, limitedRequestBody } from '#app/infra/body-limit.server.ts';
import {
  PUBLIC_BODY_LIMIT,
  STAFF_BODY_LIMIT,
  STAFF_FILE_MAX_BYTES,
  STAFF_FILES_PER_FORM,
} from '#app/lib/body-limits.ts';
import { CONTENT_MULTI_FORM_MAX_BYTES } from '#app/services/admin-form.server.ts';
import { MAX_IMAGE_BYTES } from '#app/services/image-intake.server.ts';

describe('body limits', () => {
  it('give staff forms the files they may carry at their limit, and public forms 64 KB', () => {
    expect(PUBLIC_BODY_LIMIT.maxBytes).toBe(64 * 1024);
    expect(STAFF_FILE_MAX_BYTES).toBe(MAX_IMAGE_BYTES);
    expect(STAFF_FILE_MAX_BYTES * STAFF_FILES_PER_FORM).toBe(CONTENT_MULTI_FORM_MAX_BYTES);
    expect(STAFF_BODY_LIMIT.maxBytes).toBe(CONTENT_MULTI_FORM_MAX_BYTES + 64 * 1024);
  });

  it('count URL-encoded fields across chunks', () => {
    const count = fieldCounter('application/x-www-form-urlencoded; charset=utf-8');
    expect(count(Buffer.from(''))).toBe(0);
    expect(count(Buffer.from('a=1&b='))).toBe(2);
    expect(count(Buffer.from('2&c=3'))).toBe(3);
  });

  it('count multipart parts, also when a boundary is split between chunks', () => {
    const count = fieldCounter('multipart/form-data; boundary=----xyz');
    const body = Buffer.from(
      '------xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n' +
        '------xyz\r\nContent-Disposition: form-data; name="b"\r\n\r\n2\r\n------xyz--\r\n',
    );
    let parts = 0;
    for (let i = 0; i < body.length; i += 5) parts = count(body.subarray(i, i + 5));
    expect(parts).toBe(2);
  });

  it('stop at the first byte over the limit', async () => {
    const limiter = new BodyLimiter({ maxBytes: 10, maxFields: 100 }, 'text/plain');
    const failed = new Promise<unknown>((resolve) => limiter.on('error', resolve));
    limiter.resume();
    limiter.write(Buffer.alloc(10));
    limiter.write(Buffer.alloc(1));
    const error = await failed;
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as BodyTooLargeError).message).toBe('Слишком большой запрос: не больше 10 байт');
  });

  describe('on a server', () => {
    let server: http.Server;
    let port = 0;
    const received: number[] = [];
    const limit = { maxBytes: 1024, maxFields: 5 };

    beforeAll(async () => {
      server = http.createServer((req, res) => {
        const body = limitedRequestBody(req, res, limit);
        if (!body) return;
        let bytes = 0;
        body.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        body.on('end', () => {
          received.push(bytes);
          res.end(`got ${bytes}`);
        });
        body.on('error', () => received.push(-1));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    function post(headers: http.OutgoingHttpHeaders, chunks: Buffer[] | 'endless') {
      return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
        const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/', headers });
        let stop = false;
        req.on('response', (res) => {
          stop = true;
          text(res).then((body) => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }), reject);
        });
        req.on('error', (error) => (stop ? undefined : reject(error)));
        if (chunks === 'endless') {
          const pump = () => {
            while (!stop && req.write(Buffer.alloc(16 * 1024, 97)));
            if (!stop) req.once('drain', pump);
          };
          pump();
        } else {
          for (const chunk of chunks) req.write(chunk);
          req.end();
        }
      });
    }

    it('pass a body within the limit', async () => {
      const answer = await post({ 'Content-Type': 'text/plain' }, [Buffer.alloc(1000)]);
      expect(answer).toMatchObject({ status: 200, body: 'got 1000' });
    });

    it('refuse a declared length over the limit before reading anything', async () => {
      const answer = await post({ 'Content-Type': 'text/plain', 'Content-Length': String(300 * 1024 * 1024) }, []);
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expect(answer.body).toContain('Слишком большой запрос: не больше 1 КБ');
    });

    it('refuse an endless chunked body at the limit, with the error page for browsers', async () => {
      const answer = await post({ 'Content-Type': 'text/plain', Accept: 'text/html' }, 'endless');
      expect(answer.status).toBe(413);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain('<h1 class="heading heading--1">Ошибка</h1>');
      expect(answer.body).toContain('<p class="error-page__status">413</p>');
      expect(received.at(-1)).toBe(-1);
    });

    it('refuse too many fields', async () => {
      const answer = await post({ 'Content-Type': 'application/x-www-form-urlencoded' }, [
        Buffer.from('a=1&b=2&c=3&d=4&e=5&f=6'),
      ]);
      expect(answer.status).toBe(413);
      expect(answer.body).toContain('Слишком много полей в форме: не больше 5');
    });
  });
});
