import { Link } from 'react-router';
import { Heading } from '#app/components/Heading.tsx';

/**
 * A public page's own «not found» with the way back to the schedule: the booking link's page and the sign-up page
 * of a session that does not exist (docs/product/errors.md).
 */
export function MissingSession({ className, title, text }: { className: string; title: string; text: string }) {
  return (
    <div className={className}>
      <Heading level={1}>{title}</Heading>
      <p>{text}</p>
      <p>
        <Link to="/shedule" className="button button--primary">
          Открыть расписание
        </Link>
      </p>
    </div>
  );
}
