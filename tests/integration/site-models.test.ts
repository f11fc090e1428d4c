import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '#app/infra/storage.server.ts';
import { isoWeekOf, todayIn, weekDates } from '#app/lib/schedule.ts';
import { createPublicBid, findBidSubjectTitle } from '#app/models/bid.server.ts';
import { publishedCardsQuery } from '#app/models/card.server.ts';
import { getPublishedCoach, publishedCoachesQuery } from '#app/models/coach.server.ts';
import { galleryQuery } from '#app/models/gallery.server.ts';
import { publishedPartnersQuery } from '#app/models/partner.server.ts';
import { currentPromosQuery } from '#app/models/promo.server.ts';
import { listScheduleFilterOptions, listSessions } from '#app/models/schedule.server.ts';
import { getPublishedTraining } from '#app/models/training.server.ts';
import { publishedTrendsQuery } from '#app/models/trend.server.ts';
import { seedDemo } from '#db/demo/seed.ts';
import { publicBid } from '#tests/fixtures/bids.ts';
import { openTestDb, type TestDb } from '#tests/integration/db-harness.ts';

/** Storage in memory: the seed writes its pictures here. */
function memoryStorage(): Storage {
  const files = new Map<string, Buffer>();
  return {
    async put(key, bytes) {
      files.set(key, bytes);
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async remove(key) {
      files.delete(key);
    },
  };
}

describe('public site models on the demo seed', () => {
  let t: TestDb;
  const today = todayIn('Asia/Yekaterinburg');

  beforeAll(async () => {
    t = await openTestDb();
    await seedDemo(t.db, memoryStorage());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('loads every block of the home page in one query, filtered by gym', async () => {
    const { db } = t;
    let queries = 0;
    const counting = db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const content = await counting
      .selectNoFrom([
        jsonArrayFrom(publishedTrendsQuery(db)).as('trends'),
        jsonArrayFrom(currentPromosQuery(db, 2, today)).as('promos'),
        jsonArrayFrom(publishedCardsQuery(db, 2)).as('cards'),
        jsonArrayFrom(publishedCoachesQuery(db, { gymId: 2 })).as('coaches'),
        jsonArrayFrom(galleryQuery(db, 2)).as('gallery'),
        jsonArrayFrom(publishedPartnersQuery(db)).as('partners'),
      ])
      .executeTakeFirstOrThrow();
    expect(queries).toBe(1);
    expect(content.trends).toHaveLength(6);
    expect(content.trends[0]!.cover).toMatchObject({ key: expect.stringMatching(/^seed\//), width: 1280, height: 720 });
    expect(content.promos.map((p) => p.title)).toEqual(['Первый месяц за 3 490 ₽']);
    expect(content.cards.map((c) => c.title)).toContain('Утренняя карта');
    expect(content.coaches.every((c) => c.trends.length > 0)).toBe(true);
    expect(content.gallery.length).toBe(3 + 3);
    expect(content.partners).toHaveLength(5);
  });

  it('does not show the morning card of Uralmash in other gyms', async () => {
    const cards = await publishedCardsQuery(t.db, 1).execute();
    expect(cards.map((c) => c.title)).not.toContain('Утренняя карта');
    expect(cards).toHaveLength(3);
  });

  it('expands a gym week with changes applied', async () => {
    const dates = weekDates(isoWeekOf(today));
    const sessions = await listSessions(t.db, { gymId: 1, dates });
    expect(sessions.length).toBeGreaterThan(20);
    expect(sessions.some((s) => s.status === 'cancelled')).toBe(true);
    expect(sessions.some((s) => s.status === 'changed' && s.originalCoach)).toBe(true);
    const options = await listScheduleFilterOptions(t.db, 1);
    expect(options.trends).toHaveLength(6);
    expect(options.coaches.length).toBeGreaterThanOrEqual(4);
  });

  it('gets a coach and a training with their relations, and nothing for unknown ids', async () => {
    const coach = await getPublishedCoach(t.db, 1);
    expect(coach?.trends.map((tr) => tr.title)).toEqual(['Йога', 'Пилатес']);
    expect(coach?.gyms.map((g) => g.id)).toEqual([1, 3]);
    const training = await getPublishedTraining(t.db, 1);
    expect(training?.trend.title).toBe('Йога');
    expect(training?.coaches.length).toBeGreaterThan(0);
    expect(await getPublishedCoach(t.db, 999)).toBeUndefined();
    expect(await getPublishedTraining(t.db, 999)).toBeUndefined();
  });

  it('snapshots the subject title of a bid and refuses unknown subjects', async () => {
    expect(await findBidSubjectTitle(t.db, 'trial', null)).toBe('Пробное занятие');
    expect(await findBidSubjectTitle(t.db, 'coach', 1)).toBe('Анна Сергеевна Ковалёва');
    expect(await findBidSubjectTitle(t.db, 'card', 999)).toBeUndefined();
    expect(await findBidSubjectTitle(t.db, 'promo', null)).toBeUndefined();
  });

  it('stores a bid with consent and its outbox rows in one transaction', async () => {
    const bid = await createPublicBid(
      t.db,
      publicBid({ gymId: 1, gymName: 'Клуб на Малышева', consentIp: '10.0.0.1', utm: { utm_source: 'yandex' } }),
      ['email', 'webhook'],
    );
    const stored = await t.db.selectFrom('bids').selectAll().where('id', '=', bid.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      status: 'new',
      consent_version: '2026-11',
      consent_ip: '10.0.0.1',
      utm: { utm_source: 'yandex' },
    });
    expect(stored.consent_at).toBeTruthy();
    const outbox = await t.db.selectFrom('outbox').selectAll().orderBy('id').execute();
    expect(outbox.filter((row) => row.payload.bidId === bid.id).map((row) => row.channel)).toEqual([
      'email',
      'webhook',
    ]);
  });

  it('stores nothing when the outbox insert fails', async () => {
    const before = await t.db
      .selectFrom('bids')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      createPublicBid(t.db, publicBid({ name: 'Сбой', gymId: 1, sourcePage: '/' }), ['fax' as 'email']),
    ).rejects.toThrow();
    const after = await t.db
      .selectFrom('bids')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
