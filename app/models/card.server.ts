import { forGym } from '#app/models/gym.server.ts';
import type { Database } from '#db/index.ts';

/** Published cards valid in a gym (a card without gym rows is valid everywhere). */
export function publishedCardsQuery(db: Database, gymId: number | null) {
  return db
    .selectFrom('cards as k')
    .select([
      'k.id',
      'k.title',
      'k.description',
      'k.price',
      'k.validity_months as validityMonths',
      'k.validity_visits as validityVisits',
      'k.features',
      'k.highlighted',
    ])
    .where('k.published', '=', true)
    .where(forGym({ table: 'card_gyms', self: 'card_id' }, 'k.id', gymId))
    .orderBy('k.sort_order')
    .orderBy('k.id');
}
