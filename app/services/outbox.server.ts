/**
 * Delivers new-bid notifications from the outbox (models/outbox.server.ts): e-mail through SMTP_URL to
 * BIDS_NOTIFY_EMAIL and/or a signed JSON webhook to BIDS_WEBHOOK_URL. The bid and its outbox rows are written in one
 * transaction by the public form; this worker sends them later with retries, so a slow or failing mail server never
 * delays or loses a bid (docs/product/bids.md).
 */
import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { type Env, mailSender } from '#app/infra/env.server.ts';
import {
  type BidNotification,
  claimDueNotifications,
  markNotificationFailed,
  markNotificationSent,
} from '#app/models/outbox.server.ts';
import type { Database } from '#db/index.ts';

const POLL_MS = 5_000;
const BATCH = 10;
/** A claimed row is retried by someone else if its sender dies mid-delivery. */
const LEASE_SECONDS = 120;
/** After this many failed attempts a row is "dead": shown on the staff dashboard, sent again only by hand. */
export const MAX_ATTEMPTS = 12;
const WEBHOOK_TIMEOUT_MS = 10_000;

/** 30 s, 1 min, 2 min … capped at 6 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
}

/** How notifications leave the process; each is absent when its channel is not configured. */
export interface OutboxDeps {
  /** Sends to the configured recipient (BIDS_NOTIFY_EMAIL). */
  sendMail?: (message: { subject: string; text: string }) => Promise<void>;
  postWebhook?: (body: string) => Promise<void>;
  /** The absolute address of a bid in the staff area, for the letter (PUBLIC_URL is required with SMTP_URL). */
  bidUrl?: (bidId: number) => string;
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

/** Claims due rows, sends them, records the outcome. Returns how many rows were attempted. */
export async function deliverOutboxBatch(db: Database, deps: OutboxDeps, logger?: Pick<Logger, 'warn' | 'info'>) {
  const claimed = await claimDueNotifications(db, {
    batch: BATCH,
    leaseSeconds: LEASE_SECONDS,
    maxAttempts: MAX_ATTEMPTS,
  });
  for (const row of claimed) {
    try {
      if (!row.notification) throw new Error('the stored payload is not a bid notification');
      if (row.channel === 'email') {
        if (!deps.sendMail) throw new Error('e-mail is not configured (SMTP_URL, BIDS_NOTIFY_EMAIL)');
        await deps.sendMail(mailText(row.notification, deps.bidUrl));
      } else {
        if (!deps.postWebhook) throw new Error('the webhook is not configured (BIDS_WEBHOOK_URL)');
        await deps.postWebhook(JSON.stringify(row.notification));
      }
      await markNotificationSent(db, row.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await markNotificationFailed(db, row.id, message, retryDelaySeconds(row.attempts));
      logger?.warn(
        { outboxId: row.id, channel: row.channel, attempts: row.attempts, err: message },
        'notification delivery failed',
      );
    }
  }
  return claimed.length;
}

/**
 * Starts the polling loop; call once from server.ts after migrations. Does nothing (and costs nothing)
 * when neither e-mail nor the webhook is configured. `stop()` waits for the batch in flight.
 */
export function startOutboxWorker(
  services: { env: Env; database: { db: Database }; logger: Logger; sessionSecret: string },
  deps: OutboxDeps = createOutboxDeps(services.env, services.sessionSecret),
): { stop(): Promise<void> } {
  if (!deps.sendMail && !deps.postWebhook) return { stop: async () => {} };
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
        if (!stopped) timer = setTimeout(tick, POLL_MS);
        timer?.unref();
      }
    })();
  };
  tick();
  logger.info({ email: Boolean(deps.sendMail), webhook: Boolean(deps.postWebhook) }, 'outbox worker started');
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
