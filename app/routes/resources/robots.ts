import { siteOrigin } from '#app/infra/seo.server.ts';
import type { Route } from './+types/robots';

/** GET /robots.txt — the staff area and the login page stay out of search engines. */
export function loader({ context, url }: Route.LoaderArgs) {
  const origin = siteOrigin(context, url);
  const body = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /login',
    'Disallow: /logout',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
