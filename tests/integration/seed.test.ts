import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changedFields, revisionData } from '#app/admin/revisions.ts';
import { coaches } from '#app/admin/sections.ts';
import { createLocalStorage, type Storage } from '#app/infra/storage.server.ts';
import { addDays } from '#app/lib/schedule.ts';
import { getRow } from '#app/models/admin/content.server.ts';
import { funnelReport } from '#app/models/admin/report.server.ts';
import { listRevisions } from '#app/models/revision.server.ts';
import { currentPolicy } from '#app/services/consent-policy.server.ts';
import { seedDemo } from '#db/demo/seed.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { insertGym } from '#tests/integration/rows.ts';

const TABLES = [
  'images',
  'gyms',
  'trends',
  'trainings',
  'coaches',
  'coach_gyms',
  'coach_trends',
  'schedule_slots',
  'schedule_changes',
  'cards',
  'card_gyms',
  'promos',
  'promo_gyms',
  'gallery_images',
  'partners',
  'bids',
  'bid_events',
] as const;

function localDate(now: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

describeEachDb('demo seed', (t) => {
  const now = new Date();
  let root: string;
  let storage: Storage;
  let seeded: boolean;
  let seedMs: number;

  async function counts() {
    const entries = await Promise.all(
      TABLES.map(async (table) => {
        const row = await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return [table, Number(row.n)] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<(typeof TABLES)[number], number>;
  }

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
    storage = createLocalStorage(root);
    const started = performance.now();
    seeded = await seedDemo(t.db, storage, { now });
    seedMs = performance.now() - started;
  });

  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('seeds an empty database quickly', () => {
    expect(seeded).toBe(true);
    // Only catches a seed that hangs: drawing the pictures costs about 3 s of CPU, which a 2-core machine shared with
    // parallel test files stretches several times (docs/demo-content.md).
    expect(seedMs).toBeLessThan(30_000);
  });

  it('has the demo counts the README promises', async () => {
    expect(await counts()).toMatchObject({
      trends: 6,
      trainings: 12,
      coaches: 10,
      cards: 4,
      promos: 3,
      gallery_images: 12,
      partners: 5,
      // 20 bids and 11 sign-ups for sessions (docs/product/signups.md); a month of attendance: 28 days × 2 sign-ups,
      // and 14 trial bids with their places (docs/product/report.md).
      bids: 115,
    });
  });

  it('has at least three gyms, one of them with id 1, and the next gym gets a fresh id', async () => {
    const gyms = await t.db.selectFrom('gyms').selectAll().orderBy('id').execute();
    expect(gyms.length).toBeGreaterThanOrEqual(3);
    expect(gyms[0]?.id).toBe(1);
    for (const gym of gyms) {
      expect(gym.phone).toMatch(/^\+7 /);
      expect(Number(gym.lat)).toBeGreaterThan(50);
      expect(Number(gym.lng)).toBeGreaterThan(30);
      expect(gym.cover_image_id).not.toBeNull();
    }
    // The id sequence continues after the explicitly numbered gyms.
    const next = await insertGym(t.db, 'Проверка', 'Екатеринбург');
    await t.db.deleteFrom('gyms').where('id', '=', next).execute();
    expect(next).toBeGreaterThan(gyms.at(-1)!.id);
  });

  it('gives every gym at least four coaches and slots on all seven weekdays', async () => {
    const coaches = await t.db
      .selectFrom('coach_gyms')
      .select(['gym_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('gym_id')
      .execute();
    const weekdays = await t.db
      .selectFrom('schedule_slots')
      .select(['gym_id', (eb) => eb.fn.count<number>('weekday').distinct().as('n')])
      .groupBy('gym_id')
      .execute();
    const gyms = await t.db.selectFrom('gyms').select('id').execute();
    for (const gym of gyms) {
      expect(Number(coaches.find((row) => row.gym_id === gym.id)?.n)).toBeGreaterThanOrEqual(4);
      expect(Number(weekdays.find((row) => row.gym_id === gym.id)?.n)).toBe(7);
    }
  });

  it('staffs every slot with a coach of the club who teaches its trend', async () => {
    const mismatched = await t.db
      .selectFrom('schedule_slots as s')
      .innerJoin('trainings as tr', 'tr.id', 's.training_id')
      .leftJoin('coach_gyms as cg', (join) =>
        join.onRef('cg.coach_id', '=', 's.coach_id').onRef('cg.gym_id', '=', 's.gym_id'),
      )
      .leftJoin('coach_trends as ct', (join) =>
        join.onRef('ct.coach_id', '=', 's.coach_id').onRef('ct.trend_id', '=', 'tr.trend_id'),
      )
      .select('s.id')
      .where((eb) => eb.or([eb('cg.coach_id', 'is', null), eb('ct.coach_id', 'is', null)]))
      .execute();
    expect(mismatched).toEqual([]);
  });

  it('has one cancelled and one changed session in the current week', async () => {
    const all = await t.db.selectFrom('schedule_changes').selectAll().orderBy('kind').execute();
    // A change that only lowers the day's capacity (the full session with a waiting list) is not shown as a change.
    expect(all.filter((change) => change.capacity !== null)).toHaveLength(1);
    const changes = all.filter((change) => change.capacity === null);
    expect(changes.map((change) => change.kind)).toEqual(['cancelled', 'changed']);
    const today = localDate(now, 'Asia/Yekaterinburg');
    for (const change of all) {
      const days = (Date.parse(change.date) - Date.parse(today)) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(0);
      expect(days).toBeLessThanOrEqual(1);
    }
    expect(changes[1]?.coach_id).not.toBeNull();
  });

  it('has one highlighted card and one card valid in a single gym', async () => {
    const cards = await t.db.selectFrom('cards').selectAll().execute();
    expect(cards.filter((card) => card.highlighted)).toHaveLength(1);
    expect(cards.every((card) => card.features.length > 0)).toBe(true);
    expect(await counts()).toMatchObject({ card_gyms: 1 });
  });

  it('has one current, one expired and one future promo', async () => {
    const gym = await t.db.selectFrom('gyms').select('time_zone').where('id', '=', 1).executeTakeFirstOrThrow();
    const today = localDate(now, gym.time_zone);
    const promos = await t.db.selectFrom('promos').select(['starts_on', 'ends_on']).execute();
    const current = promos.filter((p) => p.starts_on <= today && today <= p.ends_on);
    const expired = promos.filter((p) => p.ends_on < today);
    const future = promos.filter((p) => p.starts_on > today);
    expect([current.length, expired.length, future.length]).toEqual([1, 1, 1]);
  });

  it('gives every gallery image an alt text and every partner an http(s) URL', async () => {
    const gallery = await t.db.selectFrom('gallery_images').select(['alt', 'gym_id']).execute();
    expect(gallery.every((item) => item.alt.trim().length > 0)).toBe(true);
    expect(gallery.some((item) => item.gym_id === null)).toBe(true);
    const partners = await t.db.selectFrom('partners').select(['url', 'logo_image_id']).execute();
    for (const partner of partners) {
      expect(partner.url).toMatch(/^https?:\/\/[^/]/);
      expect(partner.logo_image_id).not.toBeNull();
    }
  });

  it('has sign-ups: a full session with a waiting list, and people to call about the cancelled one', async () => {
    const rows = await t.db
      .selectFrom('bids')
      .leftJoin('schedule_changes as ch', (join) =>
        join.onRef('ch.slot_id', '=', 'bids.slot_id').onRef('ch.date', '=', 'bids.session_date'),
      )
      .select(['bids.slot_id', 'bids.signup_state', 'ch.kind', 'ch.capacity'])
      .where('bids.kind', '=', 'signup')
      .execute();
    const full = rows.filter((row) => row.capacity !== null);
    expect(full.filter((row) => row.signup_state === 'booked')).toHaveLength(full[0]!.capacity!);
    expect(full.filter((row) => row.signup_state === 'waiting')).toHaveLength(2);
    expect(rows.filter((row) => row.kind === 'cancelled')).toHaveLength(2);
  });

  it('has 20 bids of the last 30 days in at least three statuses, with their history', async () => {
    const bids = await t.db.selectFrom('bids').selectAll().execute();
    // The consent names the demo policy's text as a real bid's does (docs/product/bids.md, "Consent and the policy").
    const { consentVersion } = await currentPolicy(t.db);
    expect(new Set(bids.map((bid) => bid.status)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(bids.map((bid) => bid.kind)).size).toBeGreaterThanOrEqual(3);
    for (const bid of bids) {
      expect(bid.phone).toMatch(/^\+7\d{10}$/);
      expect(bid.consent_version).toBe(consentVersion);
      const age = now.getTime() - new Date(bid.created_at).getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(31 * 86_400_000);
    }
    const events = await t.db.selectFrom('bid_events').select(['bid_id', 'to_status']).execute();
    for (const bid of bids.filter((b) => b.status !== 'new')) {
      expect(events.some((e) => e.bid_id === bid.id && e.to_status === bid.status)).toBe(true);
    }
  });

  it('has a month of attendance and outcomes, so the report of the last four weeks means something', async () => {
    const today = now.toISOString().slice(0, 10);
    const report = await funnelReport(t.db, {
      from: addDays(today, -30),
      to: today,
      timeZone: 'Asia/Yekaterinburg',
      gymId: 1,
    });
    // Every step has people, and each step is fewer than the one before it.
    expect(report.total.bids).toBeGreaterThan(report.total.booked);
    expect(report.total.booked).toBeGreaterThan(report.total.came);
    expect(report.total.came).toBeGreaterThan(report.total.bought);
    expect(report.total.bought).toBeGreaterThan(0);
    // The campaigns of the month's trials are told apart.
    expect(report.rows.campaign.map((row) => row.key)).toEqual(expect.arrayContaining(['trial', 'first_month']));
    const marks = await t.db.selectFrom('bids').select('attendance').where('attendance', 'is not', null).execute();
    expect(new Set(marks.map((row) => row.attendance))).toEqual(new Set(['came', 'no_show']));
  });

  it('gives one coach a history of three versions whose newest is the coach as it is', async () => {
    const history = await t.db.selectFrom('content_revisions').select('record_id').distinct().execute();
    expect(history).toHaveLength(1);
    const coachId = history[0]!.record_id;
    const revisions = await listRevisions(t.db, 'coaches', coachId);
    expect(revisions.map((revision) => revision.kind)).toEqual(['update', 'update', 'create']);
    const current = revisionData(coaches, (await getRow(t.db, coaches, coachId))!);
    expect(changedFields(coaches, revisions[0]!.data, current)).toEqual([]);
    const labels = (i: number) =>
      changedFields(coaches, revisions[i + 1]!.data, revisions[i]!.data).map((f) => f.label);
    expect([labels(0), labels(1)]).toEqual([['Кратко'], ['Должность']]);
  });

  it('stores every seeded image file', async () => {
    const images = await t.db.selectFrom('images').select(['storage_key', 'byte_size', 'placeholder']).execute();
    expect(images.length).toBeGreaterThanOrEqual(12 + 5);
    for (const image of images) {
      expect(image.storage_key.startsWith('seed/')).toBe(true);
      expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect((await storage.get(image.storage_key))?.length).toBe(image.byte_size);
    }
  });

  it('schedules the future promo on its first day and the monthly card’s new price from the 1st', async () => {
    const changes = await t.db
      .selectFrom('scheduled_changes')
      .select(['section', 'action', 'due_at', 'data', 'record_id'])
      .orderBy('section')
      .execute();
    expect(changes.map((change) => `${change.section}:${change.action}`)).toEqual(['cards:update', 'promos:publish']);
    const [price, promo] = changes as [(typeof changes)[0], (typeof changes)[0]];
    expect(price.data).toMatchObject({ price: 5290, published: true });
    expect(price.due_at.getTime()).toBeGreaterThan(now.getTime());
    // Midnight in Yekaterinburg (UTC+5) is 19:00 UTC.
    expect(price.due_at.getUTCHours()).toBe(19);
    const future = await t.db
      .selectFrom('promos')
      .selectAll()
      .where('id', '=', promo.record_id)
      .executeTakeFirstOrThrow();
    expect(future.published).toBe(false);
    expect(promo.due_at.getTime()).toBeGreaterThan(now.getTime());
  });

  it('gives every demo picture a description and a focal point, a portrait its face', async () => {
    const images = await t.db.selectFrom('images').select(['alt', 'decorative', 'focal_x', 'focal_y']).execute();
    for (const image of images) {
      expect(image.decorative).toBe(false);
      expect(image.alt.length).toBeGreaterThan(5);
    }
    const portraits = await t.db
      .selectFrom('coaches')
      .innerJoin('images', 'images.id', 'coaches.photo_image_id')
      .select(['images.alt', 'images.focal_y', 'coaches.full_name'])
      .execute();
    for (const portrait of portraits) {
      expect(portrait.alt).toBe(`Портрет тренера: ${portrait.full_name}`);
      expect(portrait.focal_y).toBeLessThan(50);
    }
  });

  it('does nothing the second time', async () => {
    const before = await counts();
    expect(await seedDemo(t.db, storage)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
