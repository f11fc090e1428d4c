import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { Form, Link } from 'react-router';
import { FilterActions, FilterField } from '#app/components/Filters.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { ServerHtml } from '#app/components/ServerHtml.tsx';
import { CoachGrid } from '#app/components/SiteCards.tsx';
import { acceptCacheParams } from '#app/infra/render-cache.server.ts';
import { gymPhrase, SITE_NAME } from '#app/lib/club.ts';
import { parseId } from '#app/lib/id.ts';
import { pageMeta, publicPageHeaders } from '#app/lib/seo.ts';
import { publishedCoachesQuery } from '#app/models/coach.server.ts';
import { publishedTrendsQuery } from '#app/models/trend.server.ts';
import { cachedPageContent, loadSiteContext } from '#app/services/site-page.server.ts';
import type { Route } from './+types/coaches';

export async function loader(args: Route.LoaderArgs) {
  const site = await loadSiteContext(args);
  const trendId = parseId(args.url.searchParams.get('trend'));
  const query = () =>
    site.db
      .selectNoFrom([
        jsonArrayFrom(publishedCoachesQuery(site.db, { gymId: site.gymId, trendId })).as('coaches'),
        jsonArrayFrom(publishedTrendsQuery(site.db)).as('trends'),
      ])
      .executeTakeFirstOrThrow();
  const { coaches, trends } = trendId === null ? await cachedPageContent(args, site, 'coaches', query) : await query();
  if (trendId !== null && trends.some((trend) => trend.id === trendId)) acceptCacheParams('trend');
  return { gym: site.gym, coaches, trends, trendId, origin: site.origin };
}

export const headers = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  const gym = loaderData?.gym;
  return pageMeta({
    title: `Тренеры${gym ? ` — ${gym.name}` : ''} | ${SITE_NAME}`,
    description: 'Тренеры клуба: мастера спорта, сертифицированные инструкторы йоги, пилатеса, единоборств и танцев.',
    origin: loaderData?.origin ?? '',
    path: '/coaches',
  });
}

export default function Coaches({ loaderData }: Route.ComponentProps) {
  const { gym, coaches, trends, trendId } = loaderData;
  return (
    <>
      <ServerHtml className="page-head">
        <Heading level={1}>Тренеры</Heading>
        <p className="page-head__lead">
          {gym ? `Работают в ${gymPhrase(gym.name, { in: true })}.` : 'Тренеры наших клубов.'}
        </p>
      </ServerHtml>
      <Form method="get" className="filters filters--inline" aria-label="Фильтр тренеров">
        <FilterField
          id="coach-trend"
          label="Направление"
          name="trend"
          value={trendId}
          all="Все направления"
          choices={trends.map((trend) => ({ value: String(trend.id), label: trend.title }))}
        />
        <FilterActions resetTo={trendId ? '/coaches' : null} />
      </Form>
      {/* The cards are the page's weight in hydration and never change in the browser by themselves (ADR 51). */}
      <ServerHtml>
        {coaches.length ? (
          <CoachGrid coaches={coaches} headingLevel={2} priorityFirst />
        ) : (
          <p className="empty">
            {trendId ? (
              <>
                По этому направлению в клубе пока нет тренеров. <Link to="/coaches">Показать всех тренеров</Link>
              </>
            ) : (
              'Скоро здесь появятся тренеры клуба.'
            )}
          </p>
        )}
      </ServerHtml>
    </>
  );
}
