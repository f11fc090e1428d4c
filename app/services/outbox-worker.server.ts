/**
 * Delivers the outbox (models/outbox.server.ts): new-bid notifications — e-mail through SMTP_URL to
 * BIDS_NOTIFY_EMAIL and/or a signed JSON webhook to BIDS_WEBHOOK_URL (docs/product/bids.md) — and messages to
 * visitors about their sign-ups — SMS through SMSC and e-mail to the address they gave (docs/product/signups.md).
 * Rows are written in the transaction that caused them; this worker sends them at their due time with retries, so
 * a slow or failing gateway never delays or loses anything (docs/decisions/0043-visitor-messages-through-the-outbox.md).
 */
import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { type Env, mailSender } from '#app/infra/env.server.ts';
import { createSmscGateway, type SmsGateway, SmsRejectedError } from '#app/infra/sms-gateway.server.ts';
import { type MessageSession, mailMessage, smsText } from '#app/lib/booking.ts';
import { type BookingView, getBookingViews } from '#app/models/booking-view.server.ts';
import {
  type BidNotification,
  type ClaimedNotification,
  claimDueNotifications,
  markNotificationDead,
  markNotificationFailed,
  markNotificationSent,
  markNotificationSkipped,
} from '#app/models/outbox.server.ts';
import type { VisitorMessagePayload } from '#app/models/visitor-message.server.ts';
import { manageUrl } from '#app/services/booking-link.server.ts';
import type { Database } from '#db/index.ts';

const DEFAULT_POLL_MS = 5_000;
const BATCH = 100;
/** Rows of a batch sent at once: a gateway answers in tens of milliseconds, one at a time would cap the rate. */
const CONCURRENCY = 16;
/** A claimed row is retried by someone else if its sender dies mid-delivery. */
const LEASE_SECONDS = 120;
/** After this many failed attempts a row is "dead": shown on the staff dashboard, sent again only by hand. */
export const MAX_ATTEMPTS = 12;
const WEBHOOK_TIMEOUT_MS = 10_000;

/** 30 s, 1 min, 2 min … capped at 6 h (the first step is OUTBOX_RETRY_BASE_SECONDS). */
export function retryDelaySeconds(attempts: number, baseSeconds = 30): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
}

/** How notifications leave the process; each is absent when its channel is not configured. */
export interface OutboxDeps {
  /** Sends to the configured recipient (BIDS_NOTIFY_EMAIL). */
  sendMail?: (message: { subject: string; text: string }) => Promise<void>;
  postWebhook?: (body: string) => Promise<void>;
  /** The absolute address of a bid in the staff area, for the letter (PUBLIC_URL is required with SMTP_URL). */
  bidUrl?: (bidId: number) => string;
  /** SMS to visitors (SMSC_LOGIN). */
  sms?: SmsGateway;
  /** E-mail to a visitor (SMTP_URL); `messageId` stays the same on every attempt of one row. */
  sendVisitorMail?: (message: { to: string; subject: string; text: string; messageId: string }) => Promise<void>;
  /** The absolute manage link of a sign-up's nonce (PUBLIC_URL). */
  manageLink?: (nonce: string) => string;
  /** The first retry's delay (OUTBOX_RETRY_BASE_SECONDS). */
  retryBaseSeconds?: number;
}

/** `X-Signature: sha256=<hex>` over `<timestamp>.<body>`, so a receiver can check origin and freshness. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The webhook key: BIDS_WEBHOOK_SECRET when set, else one derived from the session secret. */
export function webhookSecret(sessionSecret: string, configured?: string): string {
  return configured || createHmac('sha256', sessionSecret).update('bids-webhook').digest('hex');
}

export function createOutboxDeps(env: Env, sessionSecret: string): OutboxDeps {
  const deps: OutboxDeps = {};
  if (env.SMTP_URL && env.BIDS_NOTIFY_EMAIL && env.PUBLIC_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    const from = mailSender(env);
    const to = env.BIDS_NOTIFY_EMAIL;
    const origin = env.PUBLIC_URL;
    deps.sendMail = async (message) => {
      await transport.sendMail({ from, to, ...message });
    };
    deps.bidUrl = (bidId) => `${origin}/admin/bids/${bidId}`;
  }
  deps.retryBaseSeconds = env.OUTBOX_RETRY_BASE_SECONDS;
  if (env.PUBLIC_URL) {
    const origin = env.PUBLIC_URL;
    deps.manageLink = (nonce) => manageUrl(origin, sessionSecret, nonce);
  }
  if (env.SMSC_LOGIN && env.SMSC_PASSWORD && env.PUBLIC_URL) {
    deps.sms = createSmscGateway({
      baseUrl: env.SMSC_URL,
      login: env.SMSC_LOGIN,
      password: env.SMSC_PASSWORD,
      sender: env.SMSC_SENDER,
    });
  }
  if (env.SMTP_URL && env.PUBLIC_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    const from = mailSender(env);
    deps.sendVisitorMail = async ({ to, subject, text, messageId }) => {
      await transport.sendMail({ from, to, subject, text, messageId });
    };
  }
  if (env.BIDS_WEBHOOK_URL) {
    const url = env.BIDS_WEBHOOK_URL;
    const secret = webhookSecret(sessionSecret, env.BIDS_WEBHOOK_SECRET);
    deps.postWebhook = async (body) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Webhook-Timestamp': timestamp,
          'X-Signature': signWebhook(secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
    };
  }
  return deps;
}

export function mailText(
  bid: BidNotification,
  bidUrl: (bidId: number) => string = (bidId) => `/admin/bids/${bidId}`,
): { subject: string; text: string } {
  const subject = `Новая заявка №${bid.bidId}: ${bid.name}${bid.gymName ? `, ${bid.gymName}` : ''}`;
  const lines = [
    `Имя: ${bid.name}`,
    `Телефон: ${bid.phone}`,
    `Зал: ${bid.gymName ?? '—'}`,
    `Тип: ${bid.kind}${bid.subjectTitle ? ` (${bid.subjectTitle})` : ''}`,
    `Комментарий: ${bid.comment || '—'}`,
    `Страница: ${bid.sourcePage}`,
    '',
    `Открыть: ${bidUrl(bid.bidId)}`,
  ];
  return { subject, text: lines.join('\n') };
}

/** What a message says about its sign-up's session, as the sign-up is now. */
function messageSession(view: BookingView, payload: VisitorMessagePayload): MessageSession {
  return {
    trainingTitle: view.trainingTitle,
    date: view.date,
    start: view.start,
    gymName: view.gymName,
    room: view.room,
    coachName: view.coachName,
    position: view.position,
    previous: payload.previous ?? null,
  };
}

/** Why a visitor message has nothing left to say, or null when it is still to be sent. */
export function skipReason(payload: VisitorMessagePayload, view: BookingView | undefined, now: Date): string | null {
  if (!view) return 'запись удалена';
  if (!view.manageNonce) return 'у записи нет ссылки';
  switch (payload.kind) {
    case 'reminder':
      if (view.state !== 'booked') return 'запись отменена';
      if (view.sessionCancelled) return 'занятие отменено';
      if (view.startsAt && view.startsAt.getTime() <= now.getTime()) return 'занятие уже началось';
      return null;
    case 'booked':
    case 'promoted':
      return view.state === 'booked' ? null : 'запись уже отменена';
    case 'waiting':
      return view.state === 'waiting' ? null : view.state === 'booked' ? 'уже переведён на место' : 'запись отменена';
    case 'cancelled':
    case 'changed':
      return view.state === 'cancelled' ? 'запись отменена' : null;
  }
}

/** `<outbox-12@club.example>`: one id for every attempt of a letter, so a mail client shows a repeat once. */
function messageIdOf(id: number, link: string): string {
  let host = 'localhost';
  try {
    host = new URL(link).hostname || host;
  } catch {}
  return `<outbox-${id}@${host}>`;
}

async function deliverVisitorMessage(
  row: ClaimedNotification,
  view: BookingView | undefined,
  deps: OutboxDeps,
  db: Database,
): Promise<void> {
  const payload = row.visitor!;
  const skip = skipReason(payload, view, new Date());
  if (skip || !view) {
    await markNotificationSkipped(db, row.id, skip ?? 'запись удалена');
    return;
  }
  if (!deps.manageLink) throw new Error('PUBLIC_URL is not set (messages carry the link to the booking)');
  const link = deps.manageLink(view.manageNonce!);
  const session = messageSession(view, payload);
  const recipient = row.recipient ?? (row.channel === 'sms' ? view.phone : view.email);
  if (!recipient) {
    await markNotificationSkipped(db, row.id, 'нет адреса');
    return;
  }
  if (row.channel === 'sms') {
    if (!deps.sms) throw new Error('SMS is not configured (SMSC_LOGIN, SMSC_PASSWORD)');
    // An earlier attempt may have reached the gateway and died before its answer was recorded: ask before sending
    // again, so a visitor never gets one message twice (docs/decisions/0043-visitor-messages-through-the-outbox.md).
    if (row.attempts > 1 && (await deps.sms.wasAccepted({ id: row.id, phone: recipient }))) return;
    await deps.sms.send({ id: row.id, phone: recipient, text: smsText(payload.kind, session, link) });
    return;
  }
  if (!deps.sendVisitorMail) throw new Error('e-mail is not configured (SMTP_URL)');
  const letter = mailMessage(payload.kind, session, view.name, link, view.rules ?? undefined);
  await deps.sendVisitorMail({ to: recipient, ...letter, messageId: messageIdOf(row.id, link) });
}

async function deliverRow(
  row: ClaimedNotification,
  views: Map<number, BookingView>,
  deps: OutboxDeps,
  db: Database,
  logger?: Pick<Logger, 'warn' | 'info'>,
) {
  try {
    if (row.visitor) {
      await deliverVisitorMessage(row, views.get(row.visitor.bidId), deps, db);
    } else {
      if (!row.notification) throw new Error('the stored payload is not a bid notification');
      if (row.channel === 'email') {
        if (!deps.sendMail) throw new Error('e-mail is not configured (SMTP_URL, BIDS_NOTIFY_EMAIL)');
        await deps.sendMail(mailText(row.notification, deps.bidUrl));
      } else {
        if (!deps.postWebhook) throw new Error('the webhook is not configured (BIDS_WEBHOOK_URL)');
        await deps.postWebhook(JSON.stringify(row.notification));
      }
    }
    await markNotificationSent(db, row.id);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof SmsRejectedError) await markNotificationDead(db, row.id, message, MAX_ATTEMPTS);
    else await markNotificationFailed(db, row.id, message, retryDelaySeconds(row.attempts, deps.retryBaseSeconds));
    logger?.warn(
      { outboxId: row.id, channel: row.channel, attempts: row.attempts, err: message },
      'notification delivery failed',
    );
  }
}

/** Claims due rows, sends them (a few at a time), records each outcome. Returns how many rows were attempted. */
export async function deliverOutboxBatch(db: Database, deps: OutboxDeps, logger?: Pick<Logger, 'warn' | 'info'>) {
  const claimed = await claimDueNotifications(db, {
    batch: BATCH,
    leaseSeconds: LEASE_SECONDS,
    maxAttempts: MAX_ATTEMPTS,
  });
  const bidIds = [...new Set(claimed.flatMap((row) => (row.visitor ? [row.visitor.bidId] : [])))];
  const views = await getBookingViews(db, bidIds);
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) {
      const row = claimed[next++]!;
      await deliverRow(row, views, deps, db, logger);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, lane));
  return claimed.length;
}

/**
 * Starts the polling loop; call once from server/start.ts after migrations. Does nothing (and costs nothing)
 * when neither e-mail nor the webhook is configured. `stop()` waits for the batch in flight.
 */
export function startOutboxWorker(
  services: { env: Env; database: { db: Database }; logger: Logger; sessionSecret: string },
  deps: OutboxDeps = createOutboxDeps(services.env, services.sessionSecret),
): { stop(): Promise<void> } {
  if (!deps.sendMail && !deps.postWebhook && !deps.sms && !deps.sendVisitorMail) return { stop: async () => {} };
  const pollMs = services.env.OUTBOX_POLL_MS ?? DEFAULT_POLL_MS;
  const logger = services.logger.child({ component: 'outbox' });
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    running = (async () => {
      try {
        // Drain while there is work, then wait for the next poll.
        while (!stopped && (await deliverOutboxBatch(services.database.db, deps, logger)) === BATCH) {}
      } catch (error) {
        logger.error({ err: error }, 'outbox worker failed');
      } finally {
        if (!stopped) timer = setTimeout(tick, pollMs);
        timer?.unref();
      }
    })();
  };
  tick();
  logger.info(
    {
      email: Boolean(deps.sendMail),
      webhook: Boolean(deps.postWebhook),
      sms: Boolean(deps.sms),
      visitorEmail: Boolean(deps.sendVisitorMail),
    },
    'outbox worker started',
  );
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
