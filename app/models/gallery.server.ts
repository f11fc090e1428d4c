import { imageRef } from '#app/models/image.server.ts';
import type { Database } from '#db/index.ts';

/** Published gallery pictures of a gym plus those shown for every gym. */
export function galleryQuery(db: Database, gymId: number | null) {
  return db
    .selectFrom('gallery_images as gi')
    .select((eb) => ['gi.id', 'gi.alt', 'gi.caption', imageRef(eb, 'gi.image_id').$notNull().as('image')])
    .where('gi.published', '=', true)
    .where((eb) => eb.or([eb('gi.gym_id', 'is', null), eb('gi.gym_id', '=', gymId ?? -1)]))
    .orderBy('gi.sort_order')
    .orderBy('gi.id');
}
