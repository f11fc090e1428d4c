import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { imageRef } from '#app/models/image.server.ts';
import type { Database } from '#db/index.ts';
import type { DB } from '#db/schema.ts';

export interface CoachListFilter {
  /** Only coaches working in this gym. */
  gymId?: number | null;
  trendId?: number | null;
}

/** What a coach's card and profile both show. */
const COACH_CARD = [
  'c.id',
  'c.full_name as fullName',
  'c.position',
  'c.summary',
  'c.experience_since as experienceSince',
] as const;

/** The coach's published trends in display order (`c` is the coach). */
function coachTrends(eb: ExpressionBuilder<DB & { c: DB['coaches'] }, 'c'>) {
  return jsonArrayFrom(
    eb
      .selectFrom('coach_trends as ct')
      .innerJoin('trends as tr', 'tr.id', 'ct.trend_id')
      .select(['tr.id', 'tr.title'])
      .whereRef('ct.coach_id', '=', 'c.id')
      .where('tr.published', '=', true)
      .orderBy('tr.sort_order')
      .orderBy('tr.id'),
  ).as('trends');
}

/** Published coaches (of a gym, of a trend) with their published trends — a builder so pages can nest it. */
export function publishedCoachesQuery(db: Database, filter: CoachListFilter = {}) {
  return db
    .selectFrom('coaches as c')
    .select(COACH_CARD)
    .select((eb) => [imageRef(eb, 'c.photo_image_id').as('photo'), coachTrends(eb)])
    .where('c.published', '=', true)
    .$if(Boolean(filter.gymId), (qb) =>
      qb.where(sql<SqlBool>`EXISTS (SELECT 1 FROM coach_gyms WHERE coach_id = c.id AND gym_id = ${filter.gymId})`),
    )
    .$if(Boolean(filter.trendId), (qb) =>
      qb.where(
        sql<SqlBool>`EXISTS (SELECT 1 FROM coach_trends WHERE coach_id = c.id AND trend_id = ${filter.trendId})`,
      ),
    )
    .orderBy('c.sort_order')
    .orderBy('c.id');
}

/**
 * A published coach's profile with trends and published gyms — one query. `drafts` (a staff preview) finds an
 * unpublished coach too; `published` tells which it is.
 */
export function getPublishedCoach(db: Database, id: number, drafts = false) {
  return db
    .selectFrom('coaches as c')
    .select(COACH_CARD)
    .select((eb) => [
      'c.bio',
      'c.achievements',
      'c.updated_at',
      'c.published',
      imageRef(eb, 'c.photo_image_id').as('photo'),
      coachTrends(eb),
      jsonArrayFrom(
        eb
          .selectFrom('coach_gyms as cg')
          .innerJoin('gyms as g', 'g.id', 'cg.gym_id')
          .select(['g.id', 'g.name', 'g.address'])
          .whereRef('cg.coach_id', '=', 'c.id')
          .where('g.published', '=', true)
          .orderBy('g.sort_order'),
      ).as('gyms'),
    ])
    .where('c.id', '=', id)
    .$if(!drafts, (qb) => qb.where('c.published', '=', true))
    .executeTakeFirst();
}
