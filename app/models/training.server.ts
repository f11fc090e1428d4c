import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { imageRef } from '#app/models/image.server.ts';
import type { Database } from '#db/index.ts';

/** Published trainings of a trend (for the trend page). */
export function trendTrainingsQuery(db: Database, trendId: number) {
  return db
    .selectFrom('trainings')
    .select((eb) => [
      'trainings.id',
      'trainings.title',
      'trainings.level',
      'trainings.duration_min as durationMin',
      'trainings.description',
      imageRef(eb, 'trainings.cover_image_id').as('cover'),
    ])
    .where('trainings.trend_id', '=', trendId)
    .where('trainings.published', '=', true)
    .orderBy('trainings.sort_order')
    .orderBy('trainings.id');
}

/**
 * A published training of a published trend, with its trend and the coaches who lead its slots — one query.
 * `gymId` narrows the coaches to the active gym's timetable.
 */
export function getPublishedTraining(db: Database, id: number, drafts = false) {
  return db
    .selectFrom('trainings as t')
    .innerJoin('trends as tr', 'tr.id', 't.trend_id')
    .select((eb) => [
      't.id',
      't.title',
      't.description',
      't.level',
      't.duration_min as durationMin',
      't.updated_at',
      // Shown only when both it and its trend are: a staff preview (`drafts`) finds the others too.
      sql<boolean>`t.published AND tr.published`.as('published'),
      imageRef(eb, 't.cover_image_id').as('cover'),
      jsonObjectFrom(
        eb.selectFrom('trends').select(['trends.id', 'trends.title']).whereRef('trends.id', '=', 't.trend_id'),
      )
        .$notNull()
        .as('trend'),
      jsonArrayFrom(
        eb
          .selectFrom('coaches as c')
          .select((inner) => [
            'c.id',
            'c.full_name as fullName',
            'c.position',
            imageRef(inner, 'c.photo_image_id').as('photo'),
          ])
          .where('c.published', '=', true)
          .where((w) =>
            w.exists(
              w
                .selectFrom('schedule_slots as s')
                .select('s.id')
                .whereRef('s.coach_id', '=', 'c.id')
                .whereRef('s.training_id', '=', 't.id'),
            ),
          )
          .orderBy('c.sort_order')
          .orderBy('c.id'),
      ).as('coaches'),
    ])
    .where('t.id', '=', id)
    .$if(!drafts, (qb) => qb.where('t.published', '=', true).where('tr.published', '=', true))
    .executeTakeFirst();
}
