/** How the rate limits (models/rate-limit.server.ts) count clients and tell them when to come back. */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client address a limit counts by (docs/security.md, "Rate limits"): an IPv4 address as it is
 * (IPv4-mapped IPv6 included), an IPv6 address by its /64 network — one subscriber usually holds a whole /64 and
 * could otherwise rotate through 2^64 addresses.
 */
export function clientKey(ip: string | null): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return 'unknown';
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The `headers` export of a page whose action may answer 429 (login and its second step): never stored, and the
 * action's `Retry-After` kept on the page's answer.
 */
export function privateHeadersKeepingRetryAfter({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
}

/** The `Retry-After` header every 429 answer carries. */
export function retryAfterHeaders(seconds: number): Record<string, string> {
  return { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) };
}

/** `через 5 минут` style text for the Russian messages. */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `через ${seconds} с`;
  return `через ${Math.ceil(seconds / 60)} мин`;
}

/**
 * An e-mail as lockout logs show it (docs/security.md, "Logs"): the first letter and the domain, plus a short hash
 * that tells repeated lockouts of one address apart without storing it — `a***@club.example#3f9c…`.
 */
export function maskEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  const local = at > 0 ? normalized.slice(0, at) : normalized;
  const domain = at > 0 ? normalized.slice(at + 1) : '';
  const hash = createHash('sha256').update(normalized).digest('hex').slice(0, 12);
  return `${local.slice(0, 1)}***${domain ? `@${domain}` : ''}#${hash}`;
}
