/**
 * The `outbox` table: notifications written in the same transaction as the bid they announce, and messages to
 * visitors about their sign-ups (models/visitor-message.server.ts), delivered later by services/outbox-worker.server.ts with
 * retries (docs/product/bids.md, docs/product/signups.md). Rows are claimed with FOR UPDATE SKIP LOCKED and a lease,
 * so any number of instances can deliver without two sending one row at once.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { MESSAGE_KINDS } from '#app/lib/booking.ts';
import { recordAudit } from '#app/models/audit.server.ts';
import type { VisitorMessagePayload } from '#app/models/visitor-message.server.ts';
import type { Database } from '#db/index.ts';
import type { OutboxChannelName } from '#db/schema.ts';

/** The channels of staff notifications about new bids. */
export type OutboxChannel = 'email' | 'webhook';

const visitorMessageSchema = z.object({
  type: z.literal('visitor.message'),
  kind: z.enum(MESSAGE_KINDS),
  bidId: z.number(),
  previous: z
    .object({ start: z.string().nullable().optional(), coachName: z.string().nullable().optional() })
    .nullable()
    .optional(),
});

/**
 * What a new-bid notification carries: the e-mail's text and the webhook's JSON body. Read back through the schema,
 * so a row written by an older version (a field missing) still sends.
 */
export const bidNotificationSchema = z.object({
  type: z.literal('bid.created').catch('bid.created'),
  bidId: z.number(),
  createdAt: z.string().catch(''),
  name: z.string().catch(''),
  phone: z.string().catch(''),
  comment: z.string().catch(''),
  kind: z.string().catch(''),
  subjectTitle: z.string().catch(''),
  gymId: z.number().nullable().catch(null),
  gymName: z.string().nullable().catch(null),
  sourcePage: z.string().catch(''),
});
export type BidNotification = z.infer<typeof bidNotificationSchema>;

export async function enqueueNotifications(
  db: Database,
  channels: readonly OutboxChannel[],
  notification: BidNotification,
): Promise<void> {
  if (channels.length === 0) return;
  const payload = JSON.stringify(notification);
  await db
    .insertInto('outbox')
    .values(channels.map((channel) => ({ channel, payload })))
    .execute();
}

export interface ClaimedNotification {
  id: number;
  channel: OutboxChannelName;
  /** Attempts including this one. */
  attempts: number;
  /** A staff notification's payload; null for a visitor message or a payload that is neither. */
  notification: BidNotification | null;
  /** A visitor message's payload (channels `sms`, `visitor_email`). */
  visitor: VisitorMessagePayload | null;
  /** The phone or e-mail address of a visitor message. */
  recipient: string | null;
}

/**
 * Claims up to `batch` due rows: each gets one more attempt and a lease, so another instance leaves it alone until the
 * lease runs out (the sender died) or the outcome is recorded.
 */
export async function claimDueNotifications(
  db: Database,
  { batch, leaseSeconds, maxAttempts }: { batch: number; leaseSeconds: number; maxAttempts: number },
): Promise<ClaimedNotification[]> {
  const rows = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('outbox')
      .select(['id', 'channel', 'payload', 'attempts', 'recipient'])
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .where('attempts', '<', maxAttempts)
      .orderBy('next_attempt_at')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length) {
      await trx
        .updateTable('outbox')
        .set({ attempts: sql`attempts + 1`, next_attempt_at: sql`now() + ${`${leaseSeconds} seconds`}::interval` })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .execute();
    }
    return due;
  });
  return rows.map((row) => {
    const payload: unknown = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    const visitor = visitorMessageSchema.safeParse(payload);
    const parsed = visitor.success ? null : bidNotificationSchema.safeParse(payload);
    return {
      id: row.id,
      channel: row.channel,
      attempts: row.attempts + 1,
      notification: parsed?.success ? parsed.data : null,
      visitor: visitor.success ? visitor.data : null,
      recipient: row.recipient,
    };
  });
}

export async function markNotificationSent(db: Database, id: number): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: sql`now()`, last_error: null }).where('id', '=', id).execute();
}

/** A visitor message that has nothing left to say (the booking was cancelled meanwhile): done, with the reason. */
export async function markNotificationSkipped(db: Database, id: number, reason: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ sent_at: sql`now()`, skipped_reason: reason.slice(0, 200), last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failure that no retry can mend (the gateway refused the number): given up at once, for staff to see. */
export async function markNotificationDead(db: Database, id: number, error: string, maxAttempts: number) {
  await db
    .updateTable('outbox')
    .set({ last_error: error.slice(0, 1000), attempts: maxAttempts, next_attempt_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function markNotificationFailed(db: Database, id: number, error: string, retrySeconds: number) {
  await db
    .updateTable('outbox')
    .set({ last_error: error.slice(0, 1000), next_attempt_at: sql`now() + ${`${retrySeconds} seconds`}::interval` })
    .where('id', '=', id)
    .execute();
}

/** Unsent rows still being retried (`pending`) and those given up after `maxAttempts` (`dead`). */
export async function countOutbox(db: Database, maxAttempts: number): Promise<{ pending: number; dead: number }> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('attempts', '<', maxAttempts).as('pending'),
      eb.fn.countAll<number>().filterWhere('attempts', '>=', maxAttempts).as('dead'),
    ])
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), dead: Number(row.dead) };
}

export interface DeadNotification {
  id: number;
  channel: OutboxChannelName;
  bidId: number | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** Rows given up after `maxAttempts`, newest first (the staff dashboard lists them with a retry button). */
export async function listDeadNotifications(
  db: Database,
  maxAttempts: number,
  limit = 20,
): Promise<DeadNotification[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'channel', 'payload', 'attempts', 'last_error', 'created_at', 'bid_id'])
    .where('sent_at', 'is', null)
    .where('attempts', '>=', maxAttempts)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const payload: unknown = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    const bidId = (payload as { bidId?: unknown } | null)?.bidId;
    return {
      id: row.id,
      channel: row.channel,
      bidId: row.bid_id ?? (typeof bidId === 'number' ? bidId : null),
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: new Date(row.created_at),
    };
  });
}

/**
 * Gives a dead row a fresh set of attempts, due now, and records who did it. False when the row is not dead (sent
 * meanwhile, retried by someone else, or unknown).
 */
export async function retryDeadNotification(
  db: Database,
  id: number,
  maxAttempts: number,
  staffUserId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('outbox')
      .set({ attempts: 0, next_attempt_at: sql`now()` })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where('attempts', '>=', maxAttempts)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await recordAudit(trx, { staffUserId, action: 'retry', entity: 'outbox', entityId: id });
    return true;
  });
}
