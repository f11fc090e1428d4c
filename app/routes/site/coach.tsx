import { data, Link } from 'react-router';
import { Checklist } from '#app/components/Checklist.tsx';
import { DetailSessionsAndBid } from '#app/components/DetailSessionsAndBid.tsx';
import { DraftBanner } from '#app/components/DraftBanner.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { Image } from '#app/components/Image.tsx';
import { ServerHtml } from '#app/components/ServerHtml.tsx';
import { SITE_NAME } from '#app/lib/club.ts';
import { countOf } from '#app/lib/format.ts';
import { metaFrom, publicPageHeaders } from '#app/lib/seo.ts';
import { getPublishedCoach } from '#app/models/coach.server.ts';
import { handleBidAction } from '#app/services/bid-intake.server.ts';
import { loadDetailWithSessions } from '#app/services/site-page.server.ts';
import type { Route } from './+types/coach';

export async function loader(args: Route.LoaderArgs) {
  const { site, record, page, init } = await loadDetailWithSessions(args, getPublishedCoach, (id) => ({ coachId: id }));
  return data({ coach: record, ...page, year: Number(site.today.slice(0, 4)) }, init);
}

export const action = handleBidAction;
export const headers = publicPageHeaders;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  metaFrom(loaderData, ({ coach, draft }) => ({
    title: `${coach.fullName} — ${coach.position} | ${SITE_NAME}`,
    description: coach.summary || coach.bio,
    path: `/coaches/${coach.id}`,
    image: coach.photo,
    type: 'profile',
    noindex: draft,
  }));

export default function CoachPage({ loaderData }: Route.ComponentProps) {
  const { coach, draft, year } = loaderData;
  const years = coach.experienceSince ? year - coach.experienceSince : null;
  return (
    <article className="detail">
      {draft ? <DraftBanner editPath={`/admin/coaches/${coach.id}`} /> : null}
      {/* The profile never changes in the browser by itself: kept as the server's HTML (ADR 51). */}
      <ServerHtml>
        <nav className="breadcrumbs" aria-label="Навигационная цепочка">
          <Link to="/coaches">Тренеры</Link> / <span aria-current="page">{coach.fullName}</span>
        </nav>
        <div className="detail__head detail__head--profile">
          {coach.photo ? <Image className="detail__photo" image={coach.photo} width={400} priority /> : null}
          <div>
            <Heading level={1}>{coach.fullName}</Heading>
            <p className="page-head__lead">{coach.position}</p>
            {years && years > 0 ? <p className="card__meta">Стаж {countOf(years, ['год', 'года', 'лет'])}</p> : null}
            {coach.trends.length ? (
              <ul className="tags" aria-label="Направления">
                {coach.trends.map((trend) => (
                  <li key={trend.id} className="tag">
                    <Link to={`/trends/${trend.id}`}>{trend.title}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
            <p>{coach.bio}</p>
            {coach.achievements.length ? (
              <>
                <Heading level={2}>Достижения</Heading>
                <Checklist items={coach.achievements} />
              </>
            ) : null}
            {coach.gyms.length ? (
              <>
                <Heading level={2}>Где тренирует</Heading>
                <ul className="plain-list">
                  {coach.gyms.map((coachGym) => (
                    <li key={coachGym.id}>
                      <strong>{coachGym.name}</strong>, {coachGym.address}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        </div>
      </ServerHtml>

      <DetailSessionsAndBid
        page={loaderData}
        sessions={{
          titleId: 'coach-slots-title',
          title: 'Занятия на неделе',
          schedule: { to: `/shedule?coach=${coach.id}`, label: 'Расписание тренера' },
        }}
        bid={{
          label: 'Запись к тренеру',
          kind: 'coach',
          subjectId: coach.id,
          title: 'Записаться к тренеру',
          lead: 'Персональная тренировка или занятие в группе — администратор подберёт время.',
        }}
      />
    </article>
  );
}
