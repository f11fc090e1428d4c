import { Link } from 'react-router';
import { Heading } from '#app/components/Heading.tsx';
import { SessionSignup } from '#app/components/SessionSignup.tsx';
import { gymPhrase } from '#app/lib/club.ts';
import { dayAndMonth } from '#app/lib/format.ts';
import { isoWeekday, type Session, sessionProgress, WEEKDAY_NAMES } from '#app/lib/schedule.ts';
import { signupClosed } from '#app/lib/signup.ts';

function dateLabel(date: string) {
  const text = dayAndMonth(date);
  return `${WEEKDAY_NAMES[isoWeekday(date) - 1]}, ${text}`;
}

/**
 * A compact list of upcoming sessions (trend, training and coach pages); cancellations and substitutions marked,
 * places left and a sign-up link on sessions that have not started (`now` is the gym-local date and time).
 */
export function SessionList({
  sessions,
  show = 'training',
  now,
}: {
  sessions: Session[];
  show?: 'training' | 'coach' | 'both';
  now: { date: string; time: string };
}) {
  if (sessions.length === 0) return <p className="empty">В ближайшие дни занятий нет.</p>;
  return (
    <ul className="session-list">
      {sessions.map((session) => (
        <li
          key={`${session.slotId}-${session.date}`}
          className={session.status === 'cancelled' ? 'session-list__item session--cancelled' : 'session-list__item'}
        >
          <span className="session-list__when">
            {dateLabel(session.date)}, {session.status === 'cancelled' ? <del>{session.start}</del> : session.start}
          </span>
          <span className="session-list__what">
            {show !== 'coach' ? <Link to={`/trainings/${session.training.id}`}>{session.training.title}</Link> : null}
            {show !== 'training' && session.coach ? (
              <>
                {show === 'both' ? ' · ' : null}
                <Link to={`/coaches/${session.coach.id}`}>{session.coach.fullName}</Link>
              </>
            ) : null}
            {show === 'training' && session.coach ? <span className="muted"> · {session.coach.fullName}</span> : null}
          </span>
          {session.status === 'cancelled' ? <span className="badge badge--danger">Отменено</span> : null}
          {session.status === 'changed' ? (
            <span className="badge badge--warning">{session.originalCoach ? 'Замена тренера' : 'Изменение'}</span>
          ) : null}
          {sessionProgress(session, now) ? (
            <span className="badge badge--muted">{sessionProgress(session, now) === 'over' ? 'прошло' : 'идёт'}</span>
          ) : null}
          {signupClosed(session, now) === null ? (
            <SessionSignup session={session} dayLabel={dateLabel(session.date)} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * A detail page's section of upcoming sessions in the visitor's gym: a heading, the list, and a link to the part of
 * the schedule they come from.
 */
export function SessionsSection({
  titleId,
  title,
  gym,
  schedule,
  ...list
}: Parameters<typeof SessionList>[0] & {
  titleId: string;
  title: string;
  gym: { name: string } | null;
  /** The link under the list: where it goes and its text. */
  schedule: { to: string; label: string };
}) {
  return (
    <section className="section" aria-labelledby={titleId}>
      <Heading level={2} id={titleId}>
        {title}
        {gym ? ` в ${gymPhrase(gym.name, { in: true })}` : ''}
      </Heading>
      <SessionList {...list} />
      <p>
        <Link to={schedule.to}>{schedule.label}</Link>
      </p>
    </section>
  );
}
