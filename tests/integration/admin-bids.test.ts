import { expect, it } from 'vitest';
import { createStaffUser } from '#app/auth/accounts.server.ts';
import { changeBidStatus, getBid, iterateBids, listBids, parseBidFilters } from '#app/models/admin/bids.server.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { insertGym } from '#tests/integration/rows.ts';

/** The club network's calendar the date filters read (docs/product/staff.md, "Times"). */
const MOSCOW = 'Europe/Moscow';

describeEachDb('bid inbox', (t) => {
  async function seed() {
    const gym = await insertGym(t.db, 'Зал', 'Адрес');
    const base = Date.parse('2026-03-10T09:00:00Z');
    const rows = Array.from({ length: 120 }, (_, i) => ({
      name: i % 10 === 0 ? 'Анна Смирнова' : `Клиент ${i}`,
      phone: i < 2 ? '+79990000001' : `+7999${String(1000000 + i).padStart(7, '0')}`,
      kind: (i % 3 === 0 ? 'trial' : 'card') as 'trial' | 'card',
      gym_id: i % 2 === 0 ? gym : null,
      status: (i % 4 === 0 ? 'done' : 'new') as 'done' | 'new',
      consent_at: new Date(base),
      consent_version: 'v1',
      // Every 7 bids share a timestamp: keyset paging must still neither skip nor repeat.
      created_at: new Date(base + Math.floor(i / 7) * 3_600_000),
    }));
    await t.db.insertInto('bids').values(rows).execute();
    return gym;
  }

  it('pages newest first by keyset without skipping or repeating, with filters', async () => {
    const gymId = await seed();
    const all = parseBidFilters(new URLSearchParams(), MOSCOW);
    const seen: number[] = [];
    let after: number | null = null;
    do {
      const page: Awaited<ReturnType<typeof listBids>> = await listBids(t.db, all, after, 50);
      seen.push(...page.bids.map((bid) => bid.id));
      after = page.nextAfter;
    } while (after !== null);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);

    const filtered = await listBids(
      t.db,
      parseBidFilters(new URLSearchParams({ status: 'done', kind: 'trial', gym: String(gymId) }), MOSCOW),
      null,
      200,
    );
    expect(filtered.bids.length).toBeGreaterThan(0);
    for (const bid of filtered.bids) expect([bid.status, bid.kind, bid.gym_name]).toEqual(['done', 'trial', 'Зал']);

    const byName = await listBids(t.db, parseBidFilters(new URLSearchParams({ q: 'анна' }), MOSCOW), null, 200);
    expect(byName.bids).toHaveLength(12);
    const byPhone = await listBids(
      t.db,
      parseBidFilters(new URLSearchParams({ q: '8 (999) 000-00-01' }), MOSCOW),
      null,
      200,
    );
    expect(byPhone.bids).toHaveLength(2);
    expect(byPhone.bids.some((bid) => bid.repeat_phone)).toBe(true);

    const day = await listBids(
      t.db,
      parseBidFilters(new URLSearchParams({ from: '2026-03-10', to: '2026-03-10' }), MOSCOW),
      null,
      200,
    );
    // Bids are at 09:00Z + k hours, 7 per hour; Moscow's 10 March ends at 21:00Z, so k = 0…11.
    expect(day.bids).toHaveLength(12 * 7);
    // The dates are the club network's days: in Екатеринбург 10 March ends at 19:00Z, so k = 0…9.
    const yekaterinburgDay = await listBids(
      t.db,
      parseBidFilters(new URLSearchParams({ from: '2026-03-10', to: '2026-03-10' }), 'Asia/Yekaterinburg'),
      null,
      200,
    );
    expect(yekaterinburgDay.bids).toHaveLength(10 * 7);

    let exported = 0;
    const ids: number[] = [];
    for await (const batch of iterateBids(t.db, all, 25)) {
      exported += batch.length;
      ids.push(...batch.map((bid) => bid.id));
    }
    expect(exported).toBe(120);
    expect(new Set(ids).size).toBe(120);
    // Exactly a batch's multiple: the last (prefetched) batch is empty and nothing is yielded for it.
    let batches = 0;
    for await (const _ of iterateBids(t.db, all, 40)) batches++;
    expect(batches).toBe(3);
    // A client that goes away after the first batch: the batch already asked for settles quietly.
    for await (const batch of iterateBids(t.db, all, 10)) {
      expect(batch).toHaveLength(10);
      break;
    }
  });

  it('changes a status with history and refuses a stale or impossible change', async () => {
    const staff = await createStaffUser(
      t.db,
      { email: 'inbox@club.test', role: 'editor', password: 'inbox-password-1' },
      null,
    );
    const bid = await t.db
      .selectFrom('bids')
      .select(['id', 'version'])
      .where('status', '=', 'new')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(
      await changeBidStatus(t.db, {
        id: bid.id,
        version: bid.version,
        to: 'in_progress',
        note: 'Звоню',
        staffUserId: staff,
      }),
    ).toBe('ok');
    expect(
      await changeBidStatus(t.db, { id: bid.id, version: bid.version, to: 'done', note: '', staffUserId: staff }),
    ).toBe('conflict');
    expect(
      await changeBidStatus(t.db, { id: bid.id, version: bid.version + 1, to: 'new', note: '', staffUserId: staff }),
    ).toBe('invalid');
    const found = await getBid(t.db, bid.id);
    expect(found?.bid).toMatchObject({ status: 'in_progress', staff_note: 'Звоню', status_changed_by: staff });
    expect(found?.events.map((event) => [event.from_status, event.to_status, event.note])).toEqual([
      ['new', 'in_progress', 'Звоню'],
    ]);
  });
});
