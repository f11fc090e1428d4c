/**
 * One source for a page's own address and the render cache's key (docs/security.md, "Public origin"): the Host
 * header, or PUBLIC_URL when a trusted proxy forwards its host; never any other forwarded host.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOrigin } from '#app/infra/request-handler.server.ts';

function originServer(trustProxy: boolean | string, publicUrl?: string) {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.get('/', (req, res) => {
    res.send(requestOrigin(req, publicUrl));
  });
  return app.listen(0, '127.0.0.1');
}

const servers: Record<string, ReturnType<typeof originServer>> = {};
/** fetch() would write its own Host header: a plain HTTP request sends the one given. */
function ask(name: string, headers: Record<string, string>): Promise<string> {
  const { port } = servers[name]!.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  servers.trusted = originServer('loopback');
  servers.trustedWithUrl = originServer('loopback', 'https://club.example');
  servers.untrusted = originServer(false, 'https://club.example');
  await Promise.all(
    Object.values(servers).map((server) => new Promise((resolve) => server.once('listening', resolve))),
  );
});

afterAll(() => {
  for (const server of Object.values(servers)) server.close();
});

describe('requestOrigin', () => {
  it('takes the Host header, never a forwarded host the operator did not declare', async () => {
    expect(await ask('trusted', { Host: 'club.example:8080' })).toBe('http://club.example:8080');
    expect(
      await ask('trusted', { Host: 'club.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }),
    ).toBe('https://club.example');
    expect(await ask('trustedWithUrl', { Host: 'app:3000', 'X-Forwarded-Host': 'evil.example' })).toBe(
      'http://app:3000',
    );
  });

  it('is PUBLIC_URL when a trusted proxy forwards its host', async () => {
    expect(await ask('trustedWithUrl', { Host: 'app:3000', 'X-Forwarded-Host': 'club.example' })).toBe(
      'https://club.example',
    );
    // Without a trusted proxy the forwarded header is nobody's word.
    expect(await ask('untrusted', { Host: 'app:3000', 'X-Forwarded-Host': 'club.example' })).toBe('http://app:3000');
  });

  it('falls back to localhost for a Host header that is no host', async () => {
    for (const host of ['evil.example/path', 'a b', 'x:99999', 'user@evil.example']) {
      expect(await ask('trusted', { Host: host })).toBe('http://localhost');
    }
  });
});
