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
    .where((eb) =>
      eb.or([
        eb.not(eb.exists(eb.selectFrom('card_gyms as a').select('a.card_id').whereRef('a.card_id', '=', 'k.id'))),
        eb.exists(
          eb
            .selectFrom('card_gyms as b')
            .select('b.card_id')
            .whereRef('b.card_id', '=', 'k.id')
            .where('b.gym_id', '=', gymId ?? -1),
        ),
      ]),
    )
    .orderBy('k.sort_order')
    .orderBy('k.id');
}
