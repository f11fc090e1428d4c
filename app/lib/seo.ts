import type { MetaDescriptor } from 'react-router';
import { SITE_NAME } from '#app/lib/club.ts';
import { type ImageRef, publicImageUrl } from '#app/lib/image-url.ts';

export const DEFAULT_DESCRIPTION =
  'Сеть фитнес-клубов в Екатеринбурге: тренажёрный зал, йога, пилатес, единоборства, танцы и сайкл. Первое занятие бесплатно.';

/**
 * Public pages (docs/http-caching.md): a browser asks the server again on every visit, so a staff edit shows at
 * once in the same browser; a shared cache (CDN) may answer from its copy for 30 s and must then ask again.
 * No `stale-while-revalidate`: browsers honour it too and would show the old page once more.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=30';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * `headers` export for public pages. The content depends on the gym cookie, hence `Vary: Cookie`. Anything personal —
 * an action's answer, a loader that set a cookie or a flash — is `private, no-store`.
 */
export function publicPageHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders: Headers;
}) {
  const personal =
    [...actionHeaders.keys()].length > 0 ||
    loaderHeaders.has('Set-Cookie') ||
    loaderHeaders.get('Cache-Control') === PRIVATE_CACHE_CONTROL;
  const headers = new Headers({
    'Cache-Control': personal ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
    Vary: 'Cookie',
  });
  const cookie = loaderHeaders.get('Set-Cookie');
  if (cookie) headers.set('Set-Cookie', cookie);
  // A refused bid (429) tells the client when to try again.
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
}

export interface PageSeo {
  title: string;
  description: string;
  /** Absolute origin (PUBLIC_URL or the request's), for canonical and Open Graph URLs. */
  origin: string;
  path: string;
  /** A stored picture, or an absolute or root-relative image URL. */
  image?: ImageRef | string | null;
  type?: 'website' | 'article' | 'profile';
  /** A draft shown to staff: kept out of search engines. */
  noindex?: boolean;
}

/** `<title>`, description, canonical link and Open Graph tags of a page. */
export function pageMeta({
  title,
  description,
  origin,
  path,
  image,
  type = 'website',
  noindex = false,
}: PageSeo): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const text = description.length > 300 ? `${description.slice(0, 297).trimEnd()}…` : description;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: text },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'ru_RU' },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: text },
    { property: 'og:url', content: url },
  ];
  if (noindex) tags.push({ name: 'robots', content: 'noindex, nofollow' });
  const imageUrl = typeof image === 'object' && image ? publicImageUrl(image.key) : image;
  if (imageUrl)
    tags.push({ property: 'og:image', content: imageUrl.startsWith('/') ? `${origin}${imageUrl}` : imageUrl });
  return tags;
}

/** The tags of a page built from its loader data; none while the page renders an error without data. */
export function metaFrom<D extends { origin: string }>(
  data: D | undefined,
  pick: (data: D) => Omit<PageSeo, 'origin'>,
): MetaDescriptor[] {
  return data ? pageMeta({ ...pick(data), origin: data.origin }) : [];
}
