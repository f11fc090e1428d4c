import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '#app/lib/safe-redirect.ts';

describe('safeRedirectPath (SPEC §8: redirects stay on the site)', () => {
  it.each([
    ['/admin/bids', '/admin/bids'],
    ['/shedule?week=2026-W48#tue', '/shedule?week=2026-W48#tue'],
    ['/coaches/3', '/coaches/3'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    'http://evil.example',
    '//evil.example',
    '//evil.example/admin',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    'admin',
    '',
    ' /admin',
  ])('refuses %j and falls back', (input) => {
    expect(safeRedirectPath(input, '/admin')).toBe('/admin');
  });

  it('refuses non-strings', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(undefined)).toBe('/');
    expect(safeRedirectPath(['/admin'])).toBe('/');
  });
});
