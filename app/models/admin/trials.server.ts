/**
 * The trial as a path (docs/product/report.md): a lead's sign-ups (its own session, or the ones taken for it), the
 * roster's marks on them, and the outcome staff record after the trial — bought a card or not, with a reason.
 */
import { sql } from 'kysely';
import { OTHER_CARD_TITLE, OUTCOME_LABELS } from '#app/lib/attendance.ts';
import { changeBid } from '#app/models/admin/bids.server.ts';
import { lockBid } from '#app/models/bid.server.ts';
import type { Database } from '#db/index.ts';
import type { TrialOutcome } from '#db/schema.ts';

/**
 * The sign-ups of a lead: the bid itself when it is a sign-up, and every sign-up taken for it (`trial_bid_id`), with
 * the session's training and its mark, newest session last.
 */
export async function listLeadSignups(db: Database, bidId: number) {
  return db
    .selectFrom('bids as b')
    .leftJoin('schedule_slots as s', 's.id', 'b.slot_id')
    .leftJoin('trainings as t', 't.id', 's.training_id')
    .leftJoin('staff_users as u', 'u.id', 'b.attendance_marked_by')
    .select([
      'b.id',
      'b.slot_id',
      'b.session_date',
      'b.signup_state',
      'b.attendance',
      'b.attendance_marked_at',
      'b.subject_title',
      'b.walk_in',
      't.title as training_title',
      sql<string | null>`to_char(s.start_time, 'HH24:MI')`.as('start'),
      'u.name as marked_by_name',
      'u.email as marked_by_email',
    ])
    .where('b.kind', '=', 'signup')
    .where((eb) => eb.or([eb('b.id', '=', bidId), eb('b.trial_bid_id', '=', bidId)]))
    .orderBy('b.session_date')
    .orderBy('b.id')
    .execute();
}

/** Published cards staff choose from when a lead bought one (the cards section), in display order. */
export async function listCardChoices(db: Database) {
  return db
    .selectFrom('cards')
    .select(['id', 'title'])
    .where('published', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export type OutcomeInput = { outcome: 'bought'; cardId: number | null } | { outcome: 'not_bought'; reason: string };

export type OutcomeResult = 'ok' | 'missing' | 'not-came' | 'no-card';

/**
 * Records the lead's outcome: only after it came to a session (its own or one taken for it); a card must exist (or
 * «Другое»). The bid's status stays the call-work status; the change goes to its history and the audit log.
 */
export async function setTrialOutcome(
  db: Database,
  input: { bidId: number; staffUserId: number; choice: OutcomeInput },
): Promise<OutcomeResult> {
  return db.transaction().execute(async (trx) => {
    const bid = await lockBid(trx, input.bidId, ['status', 'trial_bid_id', 'walk_in', 'outcome']);
    if (!bid || bid.trial_bid_id !== null) return 'missing';
    const came = await trx
      .selectFrom('bids')
      .select('id')
      .where('kind', '=', 'signup')
      .where('attendance', '=', 'came')
      .where((eb) => eb.or([eb('id', '=', input.bidId), eb('trial_bid_id', '=', input.bidId)]))
      .executeTakeFirst();
    if (!came) return 'not-came';
    let cardTitle: string | null = null;
    let cardId: number | null = null;
    let reason: string | null = null;
    const { choice } = input;
    if (choice.outcome === 'bought') {
      if (choice.cardId === null) cardTitle = OTHER_CARD_TITLE;
      else {
        const card = await trx
          .selectFrom('cards')
          .select(['id', 'title'])
          .where('id', '=', choice.cardId)
          .executeTakeFirst();
        if (!card) return 'no-card';
        cardId = card.id;
        cardTitle = card.title;
      }
    } else {
      reason = choice.reason;
    }
    await changeBid(
      trx,
      {
        outcome: choice.outcome as TrialOutcome,
        outcome_card_id: cardId,
        outcome_card_title: cardTitle,
        outcome_reason: reason,
        outcome_at: sql`now()`,
        outcome_by: input.staffUserId,
      },
      {
        bidId: input.bidId,
        staffUserId: input.staffUserId,
        from: bid.status,
        to: bid.status,
        note: `Итог пробного: ${OUTCOME_LABELS[choice.outcome]} — ${cardTitle ?? reason}`,
        fields: ['outcome'],
      },
    );
    return 'ok';
  });
}
