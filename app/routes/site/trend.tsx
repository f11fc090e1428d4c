import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { data, Link } from 'react-router';
import { DraftBanner } from '#app/components/DraftBanner.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { Image } from '#app/components/Image.tsx';
import { SessionsSection } from '#app/components/SessionList.tsx';
import { CoachesSection } from '#app/components/SiteCards.tsx';
import { SiteLink } from '#app/components/SiteLink.tsx';
import { SITE_NAME } from '#app/lib/club.ts';
import { metaFrom, publicPageHeaders } from '#app/lib/seo.ts';
import { LEVEL_LABELS } from '#app/lib/training-level.ts';
import { publishedCoachesQuery } from '#app/models/coach.server.ts';
import { listSessions } from '#app/models/schedule.server.ts';
import { trendTrainingsQuery } from '#app/models/training.server.ts';
import { publishedTrendQuery } from '#app/models/trend.server.ts';
import {
  comingWeek,
  DRAFT_HEADERS,
  foundOr404,
  isStaffPreview,
  loadSiteContext,
  pageId,
  showsSessions,
} from '#app/services/site-page.server.ts';
import type { Route } from './+types/trend';

export async function loader(args: Route.LoaderArgs) {
  const id = pageId(args);
  const site = await loadSiteContext(args);
  const dates = comingWeek(site.today);
  const [{ trend: published, ...related }, sessions] = await Promise.all([
    site.db
      .selectNoFrom([
        jsonObjectFrom(publishedTrendQuery(site.db, id)).as('trend'),
        jsonArrayFrom(trendTrainingsQuery(site.db, id)).as('trainings'),
        jsonArrayFrom(publishedCoachesQuery(site.db, { gymId: site.gymId, trendId: id })).as('coaches'),
      ])
      .executeTakeFirstOrThrow(),
    listSessions(site.db, { gymId: site.gymId, dates, trendId: id }),
  ]);
  // Staff see an unpublished trend as a draft (docs/product/staff.md); everyone else gets 404.
  const trend = foundOr404(
    published ??
      ((await isStaffPreview(args)) ? await publishedTrendQuery(site.db, id, true).executeTakeFirst() : undefined),
    args.url,
  );
  const shown = sessions.slice(0, 12);
  showsSessions(shown, site.timeZone);
  return data(
    {
      trend,
      draft: !trend.published,
      ...related,
      sessions: shown,
      gym: site.gym,
      origin: site.origin,
      now: site.now,
    },
    trend.published ? undefined : { headers: DRAFT_HEADERS },
  );
}

export const headers = publicPageHeaders;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  metaFrom(loaderData, ({ trend, draft }) => ({
    title: `${trend.title} | ${SITE_NAME}`,
    description: trend.summary || trend.description,
    path: `/trends/${trend.id}`,
    image: trend.cover,
    type: 'article',
    noindex: draft,
  }));

export default function TrendPage({ loaderData }: Route.ComponentProps) {
  const { trend, draft, trainings, coaches, sessions, gym, now } = loaderData;
  return (
    <article className="detail">
      {draft ? <DraftBanner editPath={`/admin/trainings/trends/${trend.id}`} /> : null}
      <nav className="breadcrumbs" aria-label="Навигационная цепочка">
        <Link to="/trends">Направления</Link> / <span aria-current="page">{trend.title}</span>
      </nav>
      <div className="detail__head">
        <div>
          <Heading level={1}>{trend.title}</Heading>
          <p className="page-head__lead">{trend.summary}</p>
          <p>{trend.description}</p>
        </div>
        {trend.cover ? <Image className="detail__image" image={trend.cover} width={640} priority /> : null}
      </div>

      <section className="section" aria-labelledby="trainings-title">
        <Heading level={2} id="trainings-title">
          Тренировки
        </Heading>
        <ul className="grid grid--2">
          {trainings.map((training) => (
            <li key={training.id} className="card card--link">
              <div className="card__body">
                <Heading level={3}>
                  <SiteLink to={`/trainings/${training.id}`} className="card__link">
                    {training.title}
                  </SiteLink>
                </Heading>
                <p className="card__meta">
                  {LEVEL_LABELS[training.level]} · {training.durationMin} мин
                </p>
                <p>{training.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <SessionsSection
        titleId="slots-title"
        title="Ближайшие занятия"
        gym={gym}
        sessions={sessions}
        show="both"
        now={now}
        schedule={{ to: `/shedule?trend=${trend.id}`, label: 'Всё расписание направления' }}
      />

      <CoachesSection coaches={coaches} titleId="coaches-title" />
    </article>
  );
}
