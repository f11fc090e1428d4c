/**
 * The same-origin rule for writes (docs/security.md, "Writes from other sites"). Pure: it reads only the request,
 * so it works the same in every route, middleware and test.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `scheme://host[:port]` of an absolute URL; null for opaque origins (`null`, `data:`…) and for garbage. */
function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * True when a non-safe request was sent by a page of another origin. The request's own origin is
 * `new URL(request.url).origin`: the Express adapter builds it from the socket, or from the forwarded headers only
 * when the operator trusts the proxy, so a client-sent `X-Forwarded-Host` changes nothing here. `publicUrl`
 * (PUBLIC_URL) is also accepted: the operator declared it to be this site.
 *
 * - `Sec-Fetch-Site: cross-site | same-site` is refused outright (a sibling subdomain is another origin too);
 * - otherwise `Origin` must equal the own origin (scheme, host and port); `Origin: null` is refused;
 * - without `Origin` the `Referer`'s origin must match;
 * - with neither, the request is let through: every current browser sends `Origin` on a POST, so such a request
 *   comes from a program (curl, a monitor) that cannot carry a visitor's cookies — not from a forged form.
 */
export function isCrossOriginWrite(request: Request, publicUrl?: string | null): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;

  const allowed = new Set([new URL(request.url).origin]);
  const configured = publicUrl ? originOf(publicUrl) : null;
  if (configured) allowed.add(configured);

  const origin = request.headers.get('origin');
  if (origin !== null) return !allowed.has(originOf(origin) ?? '');
  const referer = request.headers.get('referer');
  if (referer !== null) return !allowed.has(originOf(referer) ?? '');
  return false;
}
