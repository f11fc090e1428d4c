import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { createPublicBid } from '#app/models/bid.server.ts';
import { deliverOutboxBatch, retryDelaySeconds, signWebhook } from '#app/services/outbox-worker.server.ts';
import { publicBid } from '#tests/fixtures/bids.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';

describeEachDb('outbox delivery', (t) => {
  async function enqueue(channel: 'email' | 'webhook', bidId: number) {
    const row = await t.db
      .insertInto('outbox')
      .values({ channel, payload: JSON.stringify({ type: 'bid.created', bidId, name: 'Анна', phone: '+79990000000' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('sends e-mail and webhook rows once and marks them sent', async () => {
    const mails: string[] = [];
    const hooks: string[] = [];
    const ids = [await enqueue('email', 1), await enqueue('webhook', 1)];
    const attempted = await deliverOutboxBatch(t.db, {
      sendMail: async (message) => void mails.push(message.subject),
      postWebhook: async (body) => void hooks.push(body),
    });
    expect(attempted).toBe(2);
    expect(mails).toEqual(['Новая заявка №1: Анна']);
    expect(JSON.parse(hooks[0]!)).toMatchObject({ bidId: 1, phone: '+79990000000' });
    const rows = await t.db.selectFrom('outbox').select(['sent_at', 'attempts']).where('id', 'in', ids).execute();
    for (const row of rows) {
      expect(row.sent_at).not.toBeNull();
      expect(row.attempts).toBe(1);
    }
    expect(await deliverOutboxBatch(t.db, { sendMail: async () => {}, postWebhook: async () => {} })).toBe(0);
  });

  it('delivers exactly what the bid form stored, in one payload shape', async () => {
    const bid = await createPublicBid(t.db, publicBid({ name: 'Ирина', phone: '+79120000001', comment: 'Вечером' }), [
      'webhook',
      'email',
    ]);
    const hooks: string[] = [];
    const mails: Array<{ subject: string; text: string }> = [];
    await deliverOutboxBatch(t.db, {
      postWebhook: async (body) => void hooks.push(body),
      sendMail: async (message) => void mails.push(message),
    });
    expect(JSON.parse(hooks[0]!)).toEqual({
      type: 'bid.created',
      bidId: bid.id,
      createdAt: new Date(bid.created_at).toISOString(),
      name: 'Ирина',
      phone: '+79120000001',
      comment: 'Вечером',
      kind: 'trial',
      subjectTitle: 'Пробное занятие',
      gymId: null,
      gymName: null,
      sourcePage: '/new',
    });
    expect(mails[0]).toMatchObject({ subject: `Новая заявка №${bid.id}: Ирина` });
    expect(mails[0]!.text).toContain('Тип: trial (Пробное занятие)');
  });

  it('keeps a failed row with its error and retries it later, never losing it', async () => {
    const id = await enqueue('webhook', 2);
    await deliverOutboxBatch(t.db, {
      postWebhook: async () => {
        throw new Error('connection refused');
      },
    });
    const failed = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(failed.sent_at).toBeNull();
    expect(failed.last_error).toBe('connection refused');
    expect(new Date(failed.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing is attempted. Once due, it is delivered.
    expect(await deliverOutboxBatch(t.db, { postWebhook: async () => {} })).toBe(0);
    await t.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect(await deliverOutboxBatch(t.db, { postWebhook: async () => {} })).toBe(1);
    const sent = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
    expect(sent.attempts).toBe(2);
  });
});

it('backs off exponentially up to six hours', () => {
  expect(retryDelaySeconds(1)).toBe(30);
  expect(retryDelaySeconds(2)).toBe(60);
  expect(retryDelaySeconds(30)).toBe(6 * 60 * 60);
});

it('signs the webhook body with the timestamp', () => {
  const expected = createHmac('sha256', 'key').update('123.{"a":1}').digest('hex');
  expect(signWebhook('key', '123', '{"a":1}')).toBe(`sha256=${expected}`);
});
