/**
 * A booking link that opens nothing (docs/product/signups.md): the same 404 for a wrong and a malformed token, the
 * page's own words, and the personal page's headers — never stored, never indexed, no Referer with the token.
 */
import { expect, test } from '@playwright/test';

// One test, each token a step in the same context (docs/testing.md, "Cheaper tests").
test('a wrong and a malformed token answer 404 with the booking page’s message and private headers', async ({
  page,
}) => {
  for (const token of ['not-a-token', 'A'.repeat(43)]) {
    await test.step(`/b/${token.slice(0, 12)}…`, async () => {
      const response = await page.goto(`/b/${token}`);
      expect(response?.status()).toBe(404);
      const headers = response!.headers();
      expect(headers['cache-control']).toBe('private, no-store');
      expect(headers['x-robots-tag']).toBe('noindex, nofollow');
      // Helmet's site-wide policy comes first; the browser follows the last one, the page's own.
      expect(headers['referrer-policy']?.split('\n').at(-1)).toBe('same-origin');
      await expect(page.getByRole('heading', { level: 1, name: 'Запись не найдена' })).toBeVisible();
      await expect(page.getByText('Ссылка неполная или неверная.')).toBeVisible();
    });
  }
});
