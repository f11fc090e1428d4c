import { BidForm } from '#app/components/BidForm.tsx';
import { SessionsSection } from '#app/components/SessionList.tsx';

type SessionsSectionProps = Parameters<typeof SessionsSection>[0];

/**
 * The two columns of a detail page with sessions (a coach, a training; loaded by `loadDetailWithSessions` in
 * app/services/site-page.server.ts): the record's coming sessions in the visitor's gym beside the bid form about it.
 */
export function DetailSessionsAndBid({
  page,
  sessions,
  bid,
}: {
  /** What the loader gives every such page: the gym, its sessions, its local time and the bid form's token. */
  page: Pick<SessionsSectionProps, 'sessions' | 'now'> & {
    gym: { id: number; name: string } | null;
    token: string;
    trialSessions?: ReadonlyArray<{ value: string; label: string }>;
  };
  /** The sessions section: its heading, what each session names and the link to the schedule. */
  sessions: Omit<SessionsSectionProps, 'gym' | 'sessions' | 'now'>;
  /** The bid form: the section's accessible name, what the bid is about, the form's title and lead. */
  bid: { label: string; kind: 'coach' | 'training'; subjectId: number; title: string; lead?: string };
}) {
  return (
    <div className="detail__columns">
      <SessionsSection gym={page.gym} sessions={page.sessions} now={page.now} {...sessions} />
      <section className="section" aria-label={bid.label}>
        <BidForm
          formId={bid.kind}
          kind={bid.kind}
          subjectId={bid.subjectId}
          gymId={page.gym?.id ?? null}
          token={page.token}
          title={bid.title}
          lead={bid.lead}
          sessions={page.trialSessions}
        />
      </section>
    </div>
  );
}
