import pino from 'pino';
import { expect, it, vi } from 'vitest';
import { getPublishedGyms, listPublishedGyms } from '../../app/models/gym.server.ts';
import { announceContentChange, createContentCache } from '../../app/utils/cache.server.ts';
import { describeEachDb } from './db-harness.ts';

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
