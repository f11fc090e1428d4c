import { imageRef } from '#app/models/image.server.ts';
import type { Database } from '#db/index.ts';

/** Published partners in display order. URLs are http(s) only (checked on write and by a constraint). */
export function publishedPartnersQuery(db: Database) {
  return db
    .selectFrom('partners as p')
    .select((eb) => ['p.id', 'p.name', 'p.url', 'p.description', imageRef(eb, 'p.logo_image_id').as('logo')])
    .where('p.published', '=', true)
    .orderBy('p.sort_order')
    .orderBy('p.id');
}
