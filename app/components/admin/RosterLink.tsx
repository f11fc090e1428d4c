import { Link } from 'react-router';
import { rosterHref } from '#app/lib/attendance.ts';

/** « · список занятия» after a sign-up: the link to its session's roster (docs/product/report.md, "The roster"). */
export function RosterLink({ slotId, date }: { slotId: number; date: string }) {
  return (
    <>
      {' · '}
      <Link to={rosterHref(slotId, date)} className="admin-link">
        список занятия
      </Link>
    </>
  );
}
