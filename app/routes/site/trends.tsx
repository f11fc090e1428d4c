import { Heading } from '~/components/Heading';
import { TrendCard } from '~/components/SiteCards';
import { listPublishedTrends } from '~/models/trend.server';
import { pageMeta, publicPageHeaders, SITE_NAME } from '~/utils/seo';
import { siteOrigin } from '~/utils/seo.server';
import { getDb } from '~/utils/services.server';
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
      <ul className="grid grid--3">
        {loaderData.trends.map((trend) => (
          <TrendCard key={trend.id} trend={trend} />
        ))}
      </ul>
    </>
  );
}
