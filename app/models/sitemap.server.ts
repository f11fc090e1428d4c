/** The published pages the sitemap lists (docs/product/routes.md), in one query. */
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '#db/index.ts';

export interface SitemapEntry {
  id: number;
  updated_at: string | Date;
}

/** Published trends, coaches and trainings (of published trends), each with its last change. */
export async function listSitemapEntries(
  db: Database,
): Promise<{ trends: SitemapEntry[]; coaches: SitemapEntry[]; trainings: SitemapEntry[] }> {
  return db
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        eb.selectFrom('trends').select(['id', 'updated_at']).where('published', '=', true).orderBy('id'),
      ).as('trends'),
      jsonArrayFrom(
        eb.selectFrom('coaches').select(['id', 'updated_at']).where('published', '=', true).orderBy('id'),
      ).as('coaches'),
      jsonArrayFrom(
        eb
          .selectFrom('trainings')
          .innerJoin('trends', 'trends.id', 'trainings.trend_id')
          .select(['trainings.id', 'trainings.updated_at'])
          .where('trainings.published', '=', true)
          .where('trends.published', '=', true)
          .orderBy('trainings.id'),
      ).as('trainings'),
    ])
    .executeTakeFirstOrThrow();
}
