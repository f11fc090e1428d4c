import { expect, it } from 'vitest';
import type { NewBid } from '#db/schema.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { insertGym, insertImage } from '#tests/integration/rows.ts';

const bid = (overrides: Partial<NewBid> = {}): NewBid => ({
  name: 'Ирина',
  phone: '+79122345671',
  kind: 'trial',
  comment: '',
  subject_title: '',
  consent_at: new Date(),
  consent_version: 'v1',
  source_page: '/',
  ...overrides,
});

describeEachDb('database constraints', (t) => {
  it('keeps the bids of a deleted gym, with the gym cleared', async () => {
    const gym = await insertGym(t.db, 'Клуб для удаления');
    const { id } = await t.db
      .insertInto('bids')
      .values(bid({ gym_id: gym }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('bid_events')
      .values({ bid_id: id, from_status: 'new', to_status: 'in_progress', note: '' })
      .execute();

    await t.db.deleteFrom('gyms').where('id', '=', gym).execute();

    const kept = await t.db.selectFrom('bids').select(['id', 'gym_id']).where('id', '=', id).executeTakeFirst();
    expect(kept).toEqual({ id, gym_id: null });
  });

  it('refuses a partner URL with the javascript: scheme', async () => {
    await expect(
      t.db
        .insertInto('partners')
        .values({ name: 'Злоумышленник', url: 'javascript:alert(1)', description: '' })
        .execute(),
    ).rejects.toThrow(/check constraint/);
    await expect(
      t.db.insertInto('partners').values({ name: 'Без схемы', url: '//evil.example/', description: '' }).execute(),
    ).rejects.toThrow(/check constraint/);
  });

  it('accepts a partner with an https URL', async () => {
    await t.db
      .insertInto('partners')
      .values({ name: 'Партнёр', url: 'https://partner.example/', description: '' })
      .execute();
  });

  it.each(['89122345671', '+7 912 234-56-71', '+0123456789', 'телефон'])(
    'refuses a bid with the non-E.164 phone %j',
    async (phone) => {
      await expect(t.db.insertInto('bids').values(bid({ phone })).execute()).rejects.toThrow(/check constraint/);
    },
  );

  it('refuses a promo that ends before it starts', async () => {
    await expect(
      t.db
        .insertInto('promos')
        .values({ title: 'Наоборот', text: '', starts_on: '2026-05-10', ends_on: '2026-05-09' })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });

  it('refuses a gallery image without alt text', async () => {
    const image = await insertImage(t.db);
    await expect(
      t.db.insertInto('gallery_images').values({ image_id: image, alt: '', caption: '' }).execute(),
    ).rejects.toThrow(/check constraint/);
  });

  it('keeps date columns as YYYY-MM-DD strings', async () => {
    const promo = await t.db
      .insertInto('promos')
      .values({ title: 'Даты', text: '', starts_on: '2026-01-01', ends_on: '2026-01-31' })
      .returning(['starts_on', 'ends_on'])
      .executeTakeFirstOrThrow();
    expect(promo).toEqual({ starts_on: '2026-01-01', ends_on: '2026-01-31' });
  });
});
