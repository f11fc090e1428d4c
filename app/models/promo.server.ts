import { forGym } from '#app/models/gym.server.ts';
import { imageRef } from '#app/models/image.server.ts';
import type { Database } from '#db/index.ts';

/** A promo's fields with its linked card when that card is published. */
function promoWithCard(db: Database) {
  return db
    .selectFrom('promos as p')
    .leftJoin('cards as k', (join) => join.onRef('k.id', '=', 'p.card_id').on('k.published', '=', true))
    .select((eb) => [
      'p.id',
      'p.title',
      'p.text',
      'p.starts_on as startsOn',
      'p.ends_on as endsOn',
      'k.id as cardId',
      'k.title as cardTitle',
      'k.price as cardPrice',
      imageRef(eb, 'p.image_id').as('image'),
    ]);
}

/**
 * Published promos running on `today` (inclusive dates, gym-local) in a gym; a promo without gym rows runs everywhere.
 * `today` is the gym's local date, computed by the caller from the gym's time zone.
 */
export function currentPromosQuery(db: Database, gymId: number | null, today: string) {
  return promoWithCard(db)
    .where('p.published', '=', true)
    .where('p.starts_on', '<=', today)
    .where('p.ends_on', '>=', today)
    .where(forGym({ table: 'promo_gyms', self: 'promo_id' }, 'p.id', gymId))
    .orderBy('p.sort_order')
    .orderBy('p.ends_on')
    .orderBy('p.id');
}

/** One promo whatever its state, for a staff preview: `published` and the dates tell what visitors see. */
export function getPromoDraft(db: Database, id: number) {
  return promoWithCard(db).select('p.published').where('p.id', '=', id).executeTakeFirst();
}

export function listCurrentPromos(db: Database, gymId: number | null, today: string) {
  return currentPromosQuery(db, gymId, today).execute();
}
