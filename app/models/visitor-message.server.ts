/**
 * Messages to visitors about their sign-ups (docs/product/signups.md, "Messages"), written into the outbox in the
 * transaction that caused them: one row per channel (SMS to the phone, e-mail to the address the visitor gave), tied
 * to its sign-up, of one kind. A reminder is a row due later; the worker (services/outbox-worker.server.ts) sends each once.
 */
import { sql } from 'kysely';
import type { MessageKind } from '#app/lib/booking.ts';
import type { Database } from '#db/index.ts';

/** Which channels to visitors are configured (SMS gateway, SMTP); with neither the manage link alone carries on. */
export interface VisitorChannels {
  sms: boolean;
  email: boolean;
}

export const NO_VISITOR_CHANNELS: VisitorChannels = { sms: false, email: false };

/** What a visitor message's payload carries; the text is written when it is sent, from the sign-up as it is then. */
export interface VisitorMessagePayload {
  type: 'visitor.message';
  kind: MessageKind;
  bidId: number;
  /** For `changed`: the start and coach the session had before. */
  previous?: { start?: string | null; coachName?: string | null } | null;
}

export interface MessageRecipient {
  id: number;
  phone: string;
  email: string | null;
}

/** Queues one message kind to each sign-up on every configured channel; `dueAt` delays it (a reminder). */
export function enqueueVisitorMessages(
  trx: Database,
  channels: VisitorChannels,
  recipients: readonly MessageRecipient[],
  kind: MessageKind,
  options: { dueAt?: Date | null; previous?: VisitorMessagePayload['previous'] } = {},
): Promise<number> {
  return enqueueMessages(trx, channels, recipients, [{ kind, ...options }]);
}

/** Several messages to each sign-up in one insert (a confirmation and its reminder). */
export async function enqueueMessages(
  trx: Database,
  channels: VisitorChannels,
  recipients: readonly MessageRecipient[],
  messages: ReadonlyArray<{ kind: MessageKind; dueAt?: Date | null; previous?: VisitorMessagePayload['previous'] }>,
): Promise<number> {
  const rows = recipients.flatMap((bid) =>
    messages.flatMap(({ kind, dueAt, previous }) => {
      const payload = JSON.stringify({
        type: 'visitor.message',
        kind,
        bidId: bid.id,
        ...(previous ? { previous } : {}),
      } satisfies VisitorMessagePayload);
      const base = { bid_id: bid.id, kind, payload, ...(dueAt ? { next_attempt_at: dueAt } : {}) };
      return [
        ...(channels.sms ? [{ ...base, channel: 'sms' as const, recipient: bid.phone }] : []),
        ...(channels.email && bid.email ? [{ ...base, channel: 'visitor_email' as const, recipient: bid.email }] : []),
      ];
    }),
  );
  if (rows.length === 0) return 0;
  await trx.insertInto('outbox').values(rows).execute();
  return rows.length;
}

/** Drops the sign-ups' reminders not sent yet (a cancelled booking, a cancelled session): nothing is left to remind. */
export async function dropPendingReminders(trx: Database, bidIds: readonly number[], reason: string) {
  if (bidIds.length === 0) return;
  await trx
    .updateTable('outbox')
    .set({ sent_at: sql`now()`, skipped_reason: reason })
    .where('bid_id', 'in', [...bidIds])
    .where('kind', '=', 'reminder')
    .where('sent_at', 'is', null)
    .execute();
}

/** Moves the sign-ups' pending reminders to a new due time (the session's start moved). */
export async function moveReminders(trx: Database, bidIds: readonly number[], dueAt: Date | null) {
  if (bidIds.length === 0) return;
  if (!dueAt) return dropPendingReminders(trx, bidIds, 'время напоминания прошло');
  await trx
    .updateTable('outbox')
    .set({ next_attempt_at: dueAt })
    .where('bid_id', 'in', [...bidIds])
    .where('kind', '=', 'reminder')
    .where('sent_at', 'is', null)
    .where('attempts', '=', 0)
    .execute();
}

export interface SentMessage {
  id: number;
  bidId: number;
  channel: 'sms' | 'visitor_email';
  kind: string;
  /** sent | skipped | pending (due later or being retried) | dead */
  state: 'sent' | 'skipped' | 'pending' | 'dead';
  at: Date;
  note: string | null;
}

/** The messages of some sign-ups, oldest first: what staff see beside each sign-up. */
export async function listVisitorMessages(
  db: Database,
  bidIds: readonly number[],
  maxAttempts: number,
): Promise<Map<number, SentMessage[]>> {
  const result = new Map<number, SentMessage[]>();
  if (bidIds.length === 0) return result;
  const rows = await db
    .selectFrom('outbox')
    .select([
      'id',
      'bid_id',
      'channel',
      'kind',
      'sent_at',
      'skipped_reason',
      'attempts',
      'next_attempt_at',
      'last_error',
    ])
    .where('bid_id', 'in', [...bidIds])
    .where('channel', 'in', ['sms', 'visitor_email'])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const state = row.skipped_reason
      ? 'skipped'
      : row.sent_at
        ? 'sent'
        : row.attempts >= maxAttempts
          ? 'dead'
          : 'pending';
    const list = result.get(row.bid_id!) ?? [];
    list.push({
      id: row.id,
      bidId: row.bid_id!,
      channel: row.channel as 'sms' | 'visitor_email',
      kind: row.kind ?? '',
      state,
      at: new Date(row.sent_at ?? row.next_attempt_at),
      note: row.skipped_reason ?? (state === 'sent' ? null : row.last_error),
    });
    result.set(row.bid_id!, list);
  }
  return result;
}
