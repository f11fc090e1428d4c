/**
 * The report's SQL (docs/product/report.md) on both engines, on a fixed data set whose numbers are counted by hand
 * below: which bids are leads, when a lead counts as booked, came and bought, which day a bid counts on, and gyms.
 */
import { beforeAll, expect, it } from 'vitest';
import { funnelReport } from '#app/models/admin/report.server.ts';
import type { Database } from '#db/index.ts';
import type { NewBid } from '#db/schema.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { insertGym } from '#tests/integration/rows.ts';

const ZONE = 'Europe/Moscow';
const OCTOBER = { from: '2026-10-01', to: '2026-10-31', timeZone: ZONE };
const AUTUMN = { utm_source: 'vk', utm_medium: 'cpc', utm_campaign: 'autumn' };

async function bid(db: Database, row: Partial<NewBid> & Pick<NewBid, 'kind' | 'created_at'>): Promise<number> {
  const { id } = await db
    .insertInto('bids')
    .values({
      name: 'Посетитель',
      phone: '+79120000001',
      consent_at: row.created_at as string,
      consent_version: 'v1',
      ...row,
      utm: row.utm ?? '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A trial bid from the autumn campaign's page. */
function autumnTrial(gymId: number, createdAt: string, extra: Partial<NewBid> = {}) {
  return {
    kind: 'trial' as const,
    gym_id: gymId,
    source_page: '/new',
    utm: JSON.stringify(AUTUMN),
    created_at: createdAt,
    ...extra,
  };
}

/** A sign-up taken for trial bid `trial` (no slot needed: the report reads only the sign-up's state and mark). */
function taken(trial: number, gymId: number, createdAt: string, extra: Partial<NewBid>) {
  return {
    kind: 'signup' as const,
    gym_id: gymId,
    created_at: createdAt,
    session_date: '2026-11-05',
    signup_state: 'booked' as const,
    trial_bid_id: trial,
    ...extra,
  };
}

describeEachDb('report', (t) => {
  let gymA = 0;
  let gymB = 0;

  beforeAll(async () => {
    const db = t.db;
    gymA = await insertGym(db, 'Клуб на Ленина');
    gymB = await insertGym(db, 'Клуб на Мира');
    // 1. Trial from the autumn campaign, booked later (in November) for it, came, bought: 1/1/1/1.
    const b1 = await bid(
      db,
      autumnTrial(gymA, '2026-10-05T09:00:00Z', { outcome: 'bought', outcome_card_title: 'Годовая карта' }),
    );
    await bid(db, taken(b1, gymA, '2026-11-03T10:00:00Z', { attendance: 'came' }));
    // 2. Same campaign, booked, did not come: 1/1/0/0.
    const b2 = await bid(db, autumnTrial(gymA, '2026-10-06T09:00:00Z'));
    await bid(db, taken(b2, gymA, '2026-10-06T09:00:01Z', { attendance: 'no_show' }));
    // 3. A sign-up from the schedule (its own session), came, did not buy: 1/1/1/0.
    await bid(db, {
      kind: 'signup',
      gym_id: gymA,
      source_page: '/shedule/signup',
      utm: JSON.stringify({ utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'brand' }),
      created_at: '2026-10-12T09:00:00Z',
      session_date: '2026-10-14',
      signup_state: 'booked',
      attendance: 'came',
      outcome: 'not_bought',
      outcome_reason: 'Дорого',
    });
    // 4. A card bid at the other gym, no tags: 1/0/0/0.
    await bid(db, { kind: 'card', gym_id: gymB, source_page: '/', created_at: '2026-10-13T09:00:00Z' });
    // 5. Autumn trial at the other gym, only on a waiting list: 1/0/0/0.
    const b5 = await bid(db, autumnTrial(gymB, '2026-10-20T09:00:00Z'));
    await bid(db, taken(b5, gymB, '2026-10-20T09:00:01Z', { signup_state: 'waiting' }));
    // 6. A sign-up the visitor cancelled: 1/0/0/0.
    await bid(db, {
      kind: 'signup',
      gym_id: gymA,
      source_page: '/shedule/signup',
      created_at: '2026-10-21T09:00:00Z',
      session_date: '2026-10-23',
      signup_state: 'cancelled',
      cancelled_by: 'visitor',
    });
    // 7. A walk-in: on the roster, not a bid from the site — not counted.
    await bid(db, {
      kind: 'signup',
      gym_id: gymA,
      created_at: '2026-10-21T10:00:00Z',
      session_date: '2026-10-21',
      signup_state: 'booked',
      walk_in: true,
      attendance: 'came',
    });
    // 8. 30 September, 23:30 in Moscow (20:30 UTC): September's, not counted.
    await bid(db, { kind: 'trial', gym_id: gymA, source_page: '/', created_at: '2026-09-30T20:30:00Z' });
    // 9. 31 October, 23:30 in Moscow: October's (UTC already says so too) — and 1 November 00:30 in Moscow is not.
    await bid(db, { kind: 'trial', gym_id: gymA, source_page: '/', created_at: '2026-10-31T20:30:00Z' });
    await bid(db, { kind: 'trial', gym_id: gymA, source_page: '/', created_at: '2026-10-31T21:30:00Z' });
  });

  it('counts a month of every gym: 7 bids, 3 booked, 2 came, 1 bought', async () => {
    const report = await funnelReport(t.db, { ...OCTOBER, gymId: null });
    expect(report.total).toEqual({ bids: 7, booked: 3, came: 2, bought: 1 });
  });

  it('counts by UTM campaign, source and medium, bids without tags under an empty key', async () => {
    const report = await funnelReport(t.db, { ...OCTOBER, gymId: null });
    expect(report.rows.campaign).toEqual([
      { key: '', bids: 3, booked: 0, came: 0, bought: 0 },
      { key: 'autumn', bids: 3, booked: 2, came: 1, bought: 1 },
      { key: 'brand', bids: 1, booked: 1, came: 1, bought: 0 },
    ]);
    expect(report.rows.source).toEqual([
      { key: '', bids: 3, booked: 0, came: 0, bought: 0 },
      { key: 'vk', bids: 3, booked: 2, came: 1, bought: 1 },
      { key: 'yandex', bids: 1, booked: 1, came: 1, bought: 0 },
    ]);
    expect(report.rows.medium).toEqual([
      { key: 'cpc', bids: 4, booked: 3, came: 2, bought: 1 },
      { key: '', bids: 3, booked: 0, came: 0, bought: 0 },
    ]);
  });

  it('counts by page and by gym', async () => {
    const report = await funnelReport(t.db, { ...OCTOBER, gymId: null });
    expect(report.rows.page).toEqual([
      { key: '/new', bids: 3, booked: 2, came: 1, bought: 1 },
      { key: '/', bids: 2, booked: 0, came: 0, bought: 0 },
      { key: '/shedule/signup', bids: 2, booked: 1, came: 1, bought: 0 },
    ]);
    expect(report.rows.gym).toEqual([
      { key: String(gymA), bids: 5, booked: 3, came: 2, bought: 1 },
      { key: String(gymB), bids: 2, booked: 0, came: 0, bought: 0 },
    ]);
  });

  it('counts each bid on its week (Monday in the network zone)', async () => {
    const report = await funnelReport(t.db, { ...OCTOBER, gymId: null });
    expect(report.rows.week).toEqual([
      { key: '2026-10-05', bids: 2, booked: 2, came: 1, bought: 1 },
      { key: '2026-10-12', bids: 2, booked: 1, came: 1, bought: 0 },
      { key: '2026-10-19', bids: 2, booked: 0, came: 0, bought: 0 },
      { key: '2026-10-26', bids: 1, booked: 0, came: 0, bought: 0 },
    ]);
  });

  it('counts a cell whose bids fall in both parts of the period once (5 and 6 October: cut at 5 October, 24:00)', async () => {
    // The period is counted in parts at once (funnelReport): its middle here falls between bids 1 and 2, which share
    // every breakdown's key.
    const report = await funnelReport(t.db, { from: '2026-10-05', to: '2026-10-06', timeZone: ZONE, gymId: null });
    const both = { bids: 2, booked: 2, came: 1, bought: 1 };
    expect(report.total).toEqual(both);
    expect(report.rows.campaign).toEqual([{ key: 'autumn', ...both }]);
    expect(report.rows.page).toEqual([{ key: '/new', ...both }]);
    expect(report.rows.gym).toEqual([{ key: String(gymA), ...both }]);
    expect(report.rows.week).toEqual([{ key: '2026-10-05', ...both }]);
  });

  it('counts only the chosen gym: the other gym’s autumn bid is not in the campaign’s row', async () => {
    const report = await funnelReport(t.db, { ...OCTOBER, gymId: gymA });
    expect(report.total).toEqual({ bids: 5, booked: 3, came: 2, bought: 1 });
    expect(report.rows.campaign.find((row) => row.key === 'autumn')).toEqual({
      key: 'autumn',
      bids: 2,
      booked: 2,
      came: 1,
      bought: 1,
    });
    const other = await funnelReport(t.db, { ...OCTOBER, gymId: gymB });
    expect(other.total).toEqual({ bids: 2, booked: 0, came: 0, bought: 0 });
  });

  it('answers zeros and no rows for a period without bids', async () => {
    const report = await funnelReport(t.db, { from: '2025-01-01', to: '2025-01-31', timeZone: ZONE, gymId: null });
    expect(report.total).toEqual({ bids: 0, booked: 0, came: 0, bought: 0 });
    expect(report.rows.week).toEqual([]);
  });
});
