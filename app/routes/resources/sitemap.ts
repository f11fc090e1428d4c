import { siteOrigin } from '#app/infra/seo.server.ts';
import { getServices } from '#app/infra/services.server.ts';
import { listSitemapEntries } from '#app/models/sitemap.server.ts';
import type { Route } from './+types/sitemap';

const STATIC_PATHS = ['/', '/new', '/shedule', '/trends', '/coaches', '/promos', '/privacy'];

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** GET /sitemap.xml: every published public page (docs/product/routes.md). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const db = getServices(context).database.db;
  const origin = siteOrigin(context, url);
  const rows = await listSitemapEntries(db);
  const entry = (path: string, updated?: string | Date) =>
    `  <url><loc>${escapeXml(origin + path)}</loc>${updated ? `<lastmod>${new Date(updated).toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PATHS.map((path) => entry(path)),
    ...rows.trends.map((row) => entry(`/trends/${row.id}`, row.updated_at)),
    ...rows.coaches.map((row) => entry(`/coaches/${row.id}`, row.updated_at)),
    ...rows.trainings.map((row) => entry(`/trainings/${row.id}`, row.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
