import { Link } from 'react-router';
import type { Session } from '#app/lib/schedule.ts';
import { placesText, signupHref } from '#app/lib/signup.ts';

/**
 * Places left (for a session with a capacity) and the way to sign up (docs/product/signups.md): a plain link to the
 * session's sign-up page, so it works without JavaScript. A full session offers the waiting list instead.
 */
export function SessionSignup({ session, dayLabel }: { session: Session; dayLabel: string }) {
  const places = placesText(session.placesLeft);
  const full = session.placesLeft === 0;
  const label = full ? 'В лист ожидания' : 'Записаться';
  return (
    <div className="session-signup">
      {places ? <p className={full ? 'places places--none' : 'places'}>{places}</p> : null}
      <Link
        to={signupHref(session.slotId, session.date)}
        className={full ? 'button button--small session-signup__wait' : 'button button--small button--primary'}
        aria-label={`${label}: ${session.training.title}, ${dayLabel}, ${session.start}`}
      >
        {label}
      </Link>
    </div>
  );
}
