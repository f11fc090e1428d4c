import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '#app/lib/safe-redirect.ts';
import { OPEN_REDIRECT_PAYLOADS, SAFE_REDIRECTS, staysOnOrigin } from '#tests/fixtures/open-redirects.ts';

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
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/a/..//evil.example',
    '/.%2e//evil.example',
    '/a/b/../..//evil.example',
  ])('refuses %j, which normalises to a protocol-relative URL', (payload) => {
    expect(safeRedirectPath(payload, '/admin')).toBe('/admin');
  });

  it.each([
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

  it('keeps encoded slashes encoded, so they stay part of the path', () => {
    expect(safeRedirectPath('/%2f%2fevil.example')).toBe('/%2f%2fevil.example');
    expect(safeRedirectPath('/%252e//evil.example')).toBe('/%252e//evil.example');
  });

  it('refuses non-strings and overlong values', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(undefined)).toBe('/');
    expect(safeRedirectPath(['/admin'])).toBe('/');
    expect(safeRedirectPath(`/${'a'.repeat(3000)}`)).toBe('/');
  });
});
