import { describe, expect, it } from 'vitest';
import { isCrossOriginWrite } from '#app/lib/same-origin.ts';

function post(headers: Record<string, string>, url = 'http://club.test:3000/admin/gyms', method = 'POST') {
  return new Request(url, { method, headers });
}

describe('isCrossOriginWrite: writes from other origins are refused', () => {
  it('never refuses a read', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(isCrossOriginWrite(post({ Origin: 'https://evil.example' }, undefined, method))).toBe(false);
    }
  });

  it('accepts a POST whose Origin is the request origin', () => {
    expect(isCrossOriginWrite(post({ Origin: 'http://club.test:3000' }))).toBe(false);
    expect(isCrossOriginWrite(post({ Origin: 'http://club.test:3000', 'Sec-Fetch-Site': 'same-origin' }))).toBe(false);
  });

  it.each([
    ['another host', 'http://evil.example:3000'],
    ['another scheme', 'https://club.test:3000'],
    ['another port', 'http://club.test:3001'],
    ['no port', 'http://club.test'],
    ['a sibling subdomain', 'http://www.club.test:3000'],
    ['the opaque origin', 'null'],
    ['garbage', 'not a url'],
  ])('refuses an Origin with %s', (_, origin) => {
    expect(isCrossOriginWrite(post({ Origin: origin }))).toBe(true);
  });

  it('refuses what the browser marks cross-site or same-site', () => {
    expect(isCrossOriginWrite(post({ 'Sec-Fetch-Site': 'cross-site' }))).toBe(true);
    expect(isCrossOriginWrite(post({ 'Sec-Fetch-Site': 'same-site', Origin: 'http://club.test:3000' }))).toBe(true);
  });

  it('never takes the own origin from X-Forwarded-Host', () => {
    const forged = post({ Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' });
    expect(isCrossOriginWrite(forged)).toBe(true);
    const proxied = post({ Origin: 'https://club.example', 'X-Forwarded-Host': 'club.example' }, 'http://10.0.0.5/x');
    expect(isCrossOriginWrite(proxied)).toBe(true);
  });

  it('also accepts the configured public origin', () => {
    const proxied = post({ Origin: 'https://club.example' }, 'http://10.0.0.5:3000/login');
    expect(isCrossOriginWrite(proxied, 'https://club.example/')).toBe(false);
    expect(isCrossOriginWrite(proxied, 'https://other.example')).toBe(true);
    expect(isCrossOriginWrite(proxied, 'not a url')).toBe(true);
  });

  it('falls back to the Referer without an Origin', () => {
    expect(isCrossOriginWrite(post({ Referer: 'http://club.test:3000/login?redirectTo=%2Fadmin' }))).toBe(false);
    expect(isCrossOriginWrite(post({ Referer: 'https://evil.example/club.test:3000' }))).toBe(true);
    expect(isCrossOriginWrite(post({ Referer: 'garbage' }))).toBe(true);
  });

  it('lets a POST with neither Origin nor Referer through (not a browser form)', () => {
    expect(isCrossOriginWrite(post({}))).toBe(false);
  });
});
