const DEFAULT_REDIRECT = '/';
const PROBE_ORIGIN = 'http://same-origin.invalid';

/**
 * SPEC §8: a redirect parameter never leads off the site. Accepts only same-origin absolute paths;
 * refuses `//host`, `/\host`, `javascript:`, `data:`, `vbscript:`, full URLs and control characters.
 */
export function safeRedirectPath(to: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  // Browsers strip tabs and newlines inside URLs, which can turn `/\t/evil.com` into `//evil.com`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const url = new URL(to, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
