import { Heading } from '#app/components/Heading.tsx';
import { TrendCard } from '#app/components/SiteCards.tsx';
import { siteOrigin } from '#app/infra/seo.server.ts';
import { getDb } from '#app/infra/services.server.ts';
import { SITE_NAME } from '#app/lib/club.ts';
import { pageMeta, publicPageHeaders } from '#app/lib/seo.ts';
import { listPublishedTrends } from '#app/models/trend.server.ts';
import type { Route } from './+types/trends';

export async function loader({ context, url }: Route.LoaderArgs) {
  return { trends: await listPublishedTrends(getDb(context)), origin: siteOrigin(context, url) };
}

export const headers = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: `Направления | ${SITE_NAME}`,
    description: 'Йога, пилатес, функциональный тренинг, единоборства, танцы и сайкл — выберите, что по душе.',
    origin: loaderData?.origin ?? '',
    path: '/trends',
  });
}

export default function Trends({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="page-head">
        <Heading level={1}>Направления</Heading>
        <p className="page-head__lead">
          Групповые программы для любого уровня подготовки — от первого занятия до соревнований.
        </p>
      </div>
      {loaderData.trends.length ? (
        <ul className="grid grid--3">
          {loaderData.trends.map((trend) => (
            <TrendCard key={trend.id} trend={trend} headingLevel={2} />
          ))}
        </ul>
      ) : (
        <p className="empty">Скоро здесь появятся направления клуба.</p>
      )}
    </>
  );
}
