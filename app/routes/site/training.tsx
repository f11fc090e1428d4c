import { data, Link } from 'react-router';
import { DetailSessionsAndBid } from '#app/components/DetailSessionsAndBid.tsx';
import { DraftBanner } from '#app/components/DraftBanner.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { Image } from '#app/components/Image.tsx';
import { ServerHtml } from '#app/components/ServerHtml.tsx';
import { CoachesSection } from '#app/components/SiteCards.tsx';
import { SITE_NAME } from '#app/lib/club.ts';
import { metaFrom, publicPageHeaders } from '#app/lib/seo.ts';
import { LEVEL_LABELS } from '#app/lib/training-level.ts';
import { getPublishedTraining } from '#app/models/training.server.ts';
import { handleBidAction } from '#app/services/bid-intake.server.ts';
import { loadDetailWithSessions } from '#app/services/site-page.server.ts';
import type { Route } from './+types/training';

export async function loader(args: Route.LoaderArgs) {
  const { record, page, init } = await loadDetailWithSessions(args, getPublishedTraining, (id) => ({ trainingId: id }));
  return data({ training: record, ...page }, init);
}

export const action = handleBidAction;
export const headers = publicPageHeaders;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  metaFrom(loaderData, ({ training, draft }) => ({
    title: `${training.title} — ${training.trend.title} | ${SITE_NAME}`,
    description: training.description,
    path: `/trainings/${training.id}`,
    image: training.cover,
    type: 'article',
    noindex: draft,
  }));

export default function TrainingPage({ loaderData }: Route.ComponentProps) {
  const { training, draft } = loaderData;
  return (
    <article className="detail">
      {draft ? <DraftBanner editPath={`/admin/trainings/${training.id}`} /> : null}
      {/* The description never changes in the browser by itself: kept as the server's HTML (ADR 51). */}
      <ServerHtml>
        <nav className="breadcrumbs" aria-label="Навигационная цепочка">
          <Link to="/trends">Направления</Link> /{' '}
          <Link to={`/trends/${training.trend.id}`}>{training.trend.title}</Link> /{' '}
          <span aria-current="page">{training.title}</span>
        </nav>
        <div className="detail__head">
          <div>
            <Heading level={1}>{training.title}</Heading>
            <dl className="facts">
              <div>
                <dt>Направление</dt>
                <dd>
                  <Link to={`/trends/${training.trend.id}`}>{training.trend.title}</Link>
                </dd>
              </div>
              <div>
                <dt>Уровень</dt>
                <dd>{LEVEL_LABELS[training.level]}</dd>
              </div>
              <div>
                <dt>Длительность</dt>
                <dd>{training.durationMin} мин</dd>
              </div>
            </dl>
            <p>{training.description}</p>
          </div>
          {training.cover ? <Image className="detail__image" image={training.cover} width={640} priority /> : null}
        </div>
      </ServerHtml>

      <DetailSessionsAndBid
        page={loaderData}
        sessions={{
          titleId: 'training-slots-title',
          title: 'Ближайшие занятия',
          show: 'coach',
          schedule: { to: `/shedule?trend=${training.trend.id}`, label: 'Полное расписание' },
        }}
        bid={{
          label: 'Запись на тренировку',
          kind: 'training',
          subjectId: training.id,
          title: 'Записаться на тренировку',
        }}
      />

      <CoachesSection coaches={training.coaches} titleId="training-coaches-title" />
    </article>
  );
}
