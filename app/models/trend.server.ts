import { imageRef } from '#app/models/image.server.ts';
import type { Database } from '#db/index.ts';

/** What a trend's card and page both show. */
const TREND_CARD = ['trends.id', 'trends.title', 'trends.summary'] as const;

/** Published trends in display order with their cover image (a builder, so pages can nest it). */
export function publishedTrendsQuery(db: Database) {
  return db
    .selectFrom('trends')
    .select(TREND_CARD)
    .select((eb) => imageRef(eb, 'trends.cover_image_id').as('cover'))
    .where('trends.published', '=', true)
    .orderBy('trends.sort_order')
    .orderBy('trends.id');
}

export function listPublishedTrends(db: Database) {
  return publishedTrendsQuery(db).execute();
}

/**
 * One published trend with its description (a builder, so the trend page can nest it); `drafts` (a staff preview)
 * finds an unpublished one too.
 */
export function publishedTrendQuery(db: Database, id: number, drafts = false) {
  return db
    .selectFrom('trends')
    .select(TREND_CARD)
    .select((eb) => [
      'trends.description',
      'trends.updated_at',
      'trends.published',
      imageRef(eb, 'trends.cover_image_id').as('cover'),
    ])
    .where('trends.id', '=', id)
    .$if(!drafts, (qb) => qb.where('trends.published', '=', true));
}
