const DEFAULT_REDIRECT = '/';
const MAX_LENGTH = 2048;
const PROBE_ORIGIN = 'http://same-origin.invalid';
// Browsers strip tabs and newlines inside URLs (`/\t/evil.example` becomes `//evil.example`) and read `\` as `/`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;

/** An absolute path on this origin: one leading slash, no second slash or backslash, no control characters. */
function isPlainPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !CONTROL_OR_BACKSLASH.test(value);
}

/**
 * A redirect parameter never leads off the site (docs/security.md, "Redirects"). Only a same-origin absolute path
 * passes; anything else — `//host`, `/\host`, `javascript:`, `data:`, `vbscript:`, full URLs — gives the fallback.
 * The path is normalised with the URL parser and the result is checked again: dot segments turn `/.//evil.example`,
 * `/%2e//evil.example` or `/a/..//evil.example` into `//evil.example`, which a browser would follow off-site.
 */
export function safeRedirectPath(to: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof to !== 'string' || to.length > MAX_LENGTH || !isPlainPath(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const normalised = url.pathname + url.search + url.hash;
  return isPlainPath(normalised) ? normalised : fallback;
}
