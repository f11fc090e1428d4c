/** Public creation of bids. The staff inbox (lists, status changes) lives with the staff models. */

import { sql, type Transaction } from 'kysely';
import type { PublicBidKind } from '#app/lib/bid-form.ts';
import { enqueueNotifications, type OutboxChannel } from '#app/models/outbox.server.ts';
import type { Database } from '#db/index.ts';
import type { BidKind, DB, SignupState } from '#db/schema.ts';

export const TRIAL_TITLE = 'Пробное занятие';

/** Where each kind of bid subject lives, and the column that names it. */
const SUBJECTS = {
  card: { table: 'cards', title: 'title' },
  coach: { table: 'coaches', title: 'full_name' },
  training: { table: 'trainings', title: 'title' },
  promo: { table: 'promos', title: 'title' },
} as const;

/** Title snapshot of a published subject, or undefined when the subject does not exist or is hidden. */
export async function findBidSubjectTitle(
  db: Database,
  kind: PublicBidKind,
  id: number | null,
): Promise<string | undefined> {
  if (kind === 'trial') return TRIAL_TITLE;
  if (id === null) return undefined;
  const { table, title } = SUBJECTS[kind];
  const { rows } = await sql<{ title: string }>`
    SELECT ${sql.ref(title)} AS title FROM ${sql.table(table)} WHERE id = ${id} AND published
  `.execute(db);
  return rows[0]?.title;
}

/**
 * A bid's row read for `columns` and locked (FOR UPDATE) until the transaction ends, so that a change decided on what
 * it read cannot cross another one; undefined when there is no such bid.
 */
export function lockBid<C extends keyof DB['bids'] & string>(trx: Transaction<DB>, id: number, columns: readonly C[]) {
  return trx.selectFrom('bids').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface NewPublicBid {
  name: string;
  phone: string;
  comment: string;
  gymId: number | null;
  gymName: string | null;
  kind: BidKind;
  subjectId: number | null;
  subjectTitle: string;
  consentVersion: string;
  consentIp: string | null;
  sourcePage: string;
  utm: Record<string, string>;
}

/** A sign-up's session and its hold on it, stored with the bid (docs/product/signups.md). */
export interface BidSession {
  slotId: number;
  date: string;
  state: SignupState;
  email?: string | null;
  manageNonce?: string;
  manageTokenHash?: string;
  /** The trial bid this sign-up holds a place for (docs/product/report.md). */
  trialBidId?: number | null;
}

/**
 * Inserts a visitor's bid (a sign-up with its session) and queues its "new bid" notifications, in the caller's
 * transaction.
 */
export async function insertBidWithNotifications(
  trx: Database,
  bid: NewPublicBid,
  channels: readonly OutboxChannel[],
  session?: BidSession,
) {
  const row = await trx
    .insertInto('bids')
    .values({
      name: bid.name,
      phone: bid.phone,
      comment: bid.comment,
      gym_id: bid.gymId,
      kind: bid.kind,
      subject_id: bid.subjectId,
      subject_title: bid.subjectTitle,
      consent_at: new Date(),
      consent_version: bid.consentVersion,
      consent_ip: bid.consentIp,
      source_page: bid.sourcePage,
      utm: JSON.stringify(bid.utm),
      ...(session && {
        slot_id: session.slotId,
        session_date: session.date,
        signup_state: session.state,
        email: session.email ?? null,
        manage_nonce: session.manageNonce ?? null,
        manage_token_hash: session.manageTokenHash ?? null,
        trial_bid_id: session.trialBidId ?? null,
      }),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  await enqueueNotifications(trx, channels, {
    type: 'bid.created',
    bidId: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    name: bid.name,
    phone: bid.phone,
    comment: bid.comment,
    kind: bid.kind,
    subjectTitle: bid.subjectTitle,
    gymId: bid.gymId,
    gymName: bid.gymName,
    sourcePage: bid.sourcePage,
  });
  return row;
}

/**
 * Stores a bid and its notifications in one transaction: either the visitor's bid and every outbox row
 * exist, or nothing does. A worker delivers the outbox with retries.
 */
export async function createPublicBid(db: Database, bid: NewPublicBid, channels: readonly OutboxChannel[]) {
  return db.transaction().execute((trx) => insertBidWithNotifications(trx, bid, channels));
}
