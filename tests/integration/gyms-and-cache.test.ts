import { sql } from 'kysely';
import pino from 'pino';
import { expect, it, vi } from 'vitest';
import { announceContentChange, createContentCache } from '#app/infra/content-cache.server.ts';
import { getPublishedGyms, listPublishedGyms } from '#app/models/gym.server.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';

const silent = pino({ level: 'silent' });

describeEachDb('published gyms and the content cache', (t) => {
  it('lists published gyms in display order with numeric coordinates', async () => {
    await t.db.deleteFrom('gyms').execute();
    await t.db
      .insertInto('gyms')
      .values([
        { name: 'Второй', address: 'ул. Ленина, 2', lat: 56.8, lng: 60.6, sort_order: 2, description: '' },
        {
          name: 'Первый',
          address: 'ул. Ленина, 1',
          lat: '56.838011',
          lng: '60.597465',
          sort_order: 1,
          description: '',
        },
        { name: 'Скрытый', address: 'ул. Ленина, 3', published: false, sort_order: 0, description: '' },
      ])
      .execute();
    const gyms = await listPublishedGyms(t.db);
    expect(gyms.map((gym) => gym.name)).toEqual(['Первый', 'Второй']);
    expect(gyms[0]).toMatchObject({ lat: 56.838011, lng: 60.597465, timeZone: 'Europe/Moscow', cover: null });
  });

  it('serves the gym list from memory and drops it when any instance announces a change', async () => {
    const cache = createContentCache(t.testDb.handle, silent);
    await cache.start();
    const services = { database: { db: t.db }, cache };
    const first = await getPublishedGyms(services);
    const spy = vi.spyOn(t.db, 'selectFrom');
    await getPublishedGyms(services);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();

    await t.db.updateTable('gyms').set({ name: 'Переименованный' }).where('id', '=', first[0]!.id).execute();
    await announceContentChange(t.db, 'gyms');
    try {
      await vi.waitFor(async () => {
        const names = (await getPublishedGyms(services)).map((gym) => gym.name);
        expect(names).toContain('Переименованный');
      });
    } finally {
      await cache.stop();
    }
  });
});

describeEachDb('the content cache when the LISTEN connection dies', (t) => {
  it('stops caching at once and listens again after the retry delay', async () => {
    if (t.kind !== 'postgres') return; // an embedded PGlite has no connection to lose
    const cache = createContentCache(t.testDb.handle, silent, 200);
    await cache.start();
    try {
      const load = vi.fn(async () => 'gyms');
      await cache.get('gyms', load);
      await cache.get('gyms', load);
      expect(load).toHaveBeenCalledTimes(1);

      // A database restart, as the listener sees it.
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE query ILIKE 'LISTEN%' AND datname = current_database()`.execute(t.db);
      await vi.waitFor(async () => {
        await cache.get('gyms', load);
        await cache.get('gyms', load);
        expect(load.mock.calls.length).toBeGreaterThanOrEqual(3);
      });

      // After the retry the cache is back, and a NOTIFY still clears it.
      await vi.waitFor(
        async () => {
          const before = load.mock.calls.length;
          await cache.get('gyms', load);
          await cache.get('gyms', load);
          expect(load.mock.calls.length).toBeLessThanOrEqual(before + 1);
        },
        { timeout: 5000 },
      );
      const cached = load.mock.calls.length;
      await announceContentChange(t.db, 'gyms');
      await vi.waitFor(async () => {
        await cache.get('gyms', load);
        expect(load.mock.calls.length).toBeGreaterThan(cached);
      });
    } finally {
      await cache.stop();
    }
  });
});
