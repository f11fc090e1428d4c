import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestLogger, redactUrl } from '#app/infra/request-log.server.ts';
import { itMaps } from '#tests/fixtures/table-tests.ts';

describe('request log redaction', () => {
  itMaps('replaces personal query values and keeps the rest', redactUrl, [
    ['/admin/bids?q=%2B79123456789&status=new', '/admin/bids?q=[redacted]&status=new'],
    ['/x?phone=1&Email=a%40b.c&page=2', '/x?phone=[redacted]&Email=[redacted]&page=2'],
    ['/plain', '/plain'],
    ['/x?q', '/x?q'],
    ['/x?%E0=1', '/x?%E0=[redacted]'],
  ]);

  describe('log lines of real requests', () => {
    const lines: string[] = [];
    let server: http.Server;
    let base = '';

    beforeAll(async () => {
      const sink = new Writable({
        write(chunk, _encoding, callback) {
          lines.push(String(chunk));
          callback();
        },
      });
      const middleware = createRequestLogger(pino({ level: 'info' }, sink));
      server = http.createServer((req, res) => {
        middleware(req, res, () => {
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('never writes the search text, cookies or the authorization header', async () => {
      await fetch(`${base}/admin/bids?q=%2B7%20912%20345-67-89&page=2`, {
        headers: { cookie: 'staff_session=secret-cookie-value', authorization: 'Bearer secret-token-value' },
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const log = lines.join('');
      expect(log).toContain('/admin/bids?q=[redacted]&page=2');
      // The searched phone, in every form it could be written in; not bare digits, which a request id, the
      // time or the pid may hold by chance.
      expect(log).not.toMatch(
        /345-67-89|%2B7|%20912|\+7 912|secret-cookie-value|secret-token-value|staff_session|authorization/i,
      );
      const entry = JSON.parse(lines.at(-1)!);
      expect(entry.req).toEqual({ method: 'GET', url: '/admin/bids?q=[redacted]&page=2', remoteAddress: '127.0.0.1' });
      expect(entry.res).toEqual({ statusCode: 200 });
    });
  });
});
