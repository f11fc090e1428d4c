import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '#app/lib/safe-redirect.ts';
import { OPEN_REDIRECT_PAYLOADS, SAFE_REDIRECTS, staysOnOrigin } from '#tests/fixtures/open-redirects.ts';
import { itMaps } from '#tests/fixtures/table-tests.ts';

const BASE = 'https://club.example/login';

describe('safeRedirectPath: redirect parameters stay on the site', () => {
  it.each(SAFE_REDIRECTS)('keeps the same-origin path %j', (input) => {
    expect(safeRedirectPath(input)).toBe(input);
  });

  it('has a corpus of at least 30 hostile payloads', () => {
    expect(OPEN_REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(OPEN_REDIRECT_PAYLOADS.map((payload) => [payload]))('turns %j into a same-origin path', (payload) => {
    const result = safeRedirectPath(payload, '/admin');
    expect(staysOnOrigin(result, BASE), result).toBe(true);
  });

  it.each([
    // Each normalises to a protocol-relative URL
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/a/..//evil.example',
    '/.%2e//evil.example',
    '/a/b/../..//evil.example',
    // Other sites, dangerous schemes, control characters, relative paths
    '//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '\uff0f\uff0fevil.example',
    'admin',
    '',
  ])('refuses %j and falls back', (payload) => {
    expect(safeRedirectPath(payload, '/admin')).toBe('/admin');
  });

  itMaps('keeps encoded slashes encoded, so they stay part of the path', safeRedirectPath, [
    ['/%2f%2fevil.example', '/%2f%2fevil.example'],
    ['/%252e//evil.example', '/%252e//evil.example'],
  ]);

  itMaps('refuses non-strings and overlong values', safeRedirectPath, [
    [null, '/'],
    [undefined, '/'],
    [['/admin'], '/'],
    [`/${'a'.repeat(3000)}`, '/'],
  ]);
});
