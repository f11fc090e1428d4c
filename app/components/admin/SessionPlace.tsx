/** Where a session takes place, under its heading on the bids list and the roster: «Зал, зал 2 · тренер Анна». */
export function SessionPlace({
  session,
}: {
  session: { gymName: string; room: string | null; coachName: string | null };
}) {
  return (
    <p className="admin-muted">
      {session.gymName}
      {session.room ? `, ${session.room}` : ''}
      {session.coachName ? ` · тренер ${session.coachName}` : ''}
    </p>
  );
}
