/**
 * Changes that publish themselves (docs/product/scheduling.md): a scheduled version waits until its moment, is then
 * applied once with a version and an audit entry, and two workers racing for it apply it exactly once.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { cards } from '#app/admin/sections.ts';
import { createStaffUser } from '#app/auth/accounts.server.ts';
import { createRow, getRow } from '#app/models/admin/content.server.ts';
import { cancelScheduledChange, countOverdueChanges, scheduleChange } from '#app/models/scheduled-change.server.ts';
import { applyDueChanges, parseLocalMoment } from '#app/services/scheduled-changes.server.ts';
import { createDb } from '#db/index.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { auditTrail } from '#tests/integration/rows.ts';

const DUE = new Date('2027-01-01T00:00:00Z');
const BEFORE = new Date(DUE.getTime() - 60_000);
const AFTER = new Date(DUE.getTime() + 30_000);

describeEachDb('scheduled changes', (t) => {
  async function cardWithScheduledPrice(title: string, price: number, staffId: number) {
    const values = {
      title,
      description: '',
      price: 2990,
      validity_months: 1,
      validity_visits: null,
      features: 'Зал',
      gyms: [],
      highlighted: false,
      published: true,
    };
    const id = await createRow(t.db, cards, values, staffId);
    const changeId = await scheduleChange(t.db, {
      section: cards.key,
      entity: cards.entity,
      recordId: id,
      action: 'update',
      data: { ...values, price },
      dueAt: DUE,
      title,
      staffUserId: staffId,
    });
    return { id, changeId };
  }

  const staff = () =>
    createStaffUser(
      t.db,
      { email: `planner-${Math.random()}@club.test`, role: 'editor', password: 'correct-horse-battery' },
      null,
    );

  it('keeps the current version until the moment, then applies the new one with a version and an audit entry', async () => {
    const staffId = await staff();
    const { id, changeId } = await cardWithScheduledPrice('Карта с новой ценой', 3490, staffId);

    expect(await applyDueChanges(t.db, BEFORE)).toBe(0);
    expect((await getRow(t.db, cards, id))!.price).toBe(2990);

    expect(await applyDueChanges(t.db, AFTER)).toBe(1);
    expect((await getRow(t.db, cards, id))!.price).toBe(3490);
    const change = await t.db.selectFrom('scheduled_changes').selectAll().where('id', '=', changeId).executeTakeFirst();
    expect(change!.applied_at?.getTime()).toBe(AFTER.getTime());
    expect(change!.failure).toBeNull();
    const revisions = await t.db
      .selectFrom('content_revisions')
      .select(['kind', 'staff_user_id'])
      .where('section', '=', 'cards')
      .where('record_id', '=', id)
      .orderBy('id')
      .execute();
    expect(revisions.map((revision) => revision.kind)).toEqual(['create', 'scheduled']);
    expect(revisions[1]!.staff_user_id).toBe(staffId);
    const audit = await auditTrail(t.db, 'card', id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'schedule', 'scheduled']);
    expect(audit[2]!.fields).toEqual(['price']);

    // Applied once: a later round finds nothing.
    expect(await applyDueChanges(t.db, new Date(AFTER.getTime() + 60_000))).toBe(0);
  });

  it('does not apply a cancelled change, and counts a change late by more than 2 minutes as overdue', async () => {
    const staffId = await staff();
    const { id, changeId } = await cardWithScheduledPrice('Карта отменённая', 5000, staffId);
    expect(await countOverdueChanges(t.db, new Date(DUE.getTime() + 60_000))).toBeGreaterThanOrEqual(0);
    const overdueBefore = await countOverdueChanges(t.db, new Date(DUE.getTime() + 3 * 60_000));
    expect(overdueBefore).toBeGreaterThanOrEqual(1);
    expect(await cancelScheduledChange(t.db, changeId, staffId, 'card')).toBe(true);
    expect(await countOverdueChanges(t.db, new Date(DUE.getTime() + 3 * 60_000))).toBe(overdueBefore - 1);
    await applyDueChanges(t.db, AFTER);
    expect((await getRow(t.db, cards, id))!.price).toBe(2990);
    expect(await cancelScheduledChange(t.db, changeId, staffId, 'card')).toBe(false);
  });

  it('closes a change whose record was deleted with the reason instead of retrying it', async () => {
    const staffId = await staff();
    const { id, changeId } = await cardWithScheduledPrice('Карта удалённая', 4000, staffId);
    await t.db.deleteFrom('cards').where('id', '=', id).execute();
    await applyDueChanges(t.db, AFTER);
    const change = await t.db.selectFrom('scheduled_changes').selectAll().where('id', '=', changeId).executeTakeFirst();
    expect(change!.failure).toBe('Запись удалена');
    expect(change!.applied_at).not.toBeNull();
  });

  it('publishes and takes down at the moment', async () => {
    const staffId = await staff();
    const id = await createRow(
      t.db,
      cards,
      {
        title: 'Карта по расписанию',
        description: '',
        price: 1000,
        validity_months: 1,
        validity_visits: null,
        features: '',
        gyms: [],
        highlighted: false,
        published: false,
      },
      staffId,
    );
    const base = { section: 'cards', entity: 'card', recordId: id, data: null, title: 'Карта', staffUserId: staffId };
    await scheduleChange(t.db, { ...base, action: 'publish', dueAt: DUE });
    await scheduleChange(t.db, { ...base, action: 'unpublish', dueAt: new Date(DUE.getTime() + 86_400_000) });
    await applyDueChanges(t.db, AFTER);
    expect((await getRow(t.db, cards, id))!.published).toBe(true);
    await applyDueChanges(t.db, new Date(DUE.getTime() + 86_400_000 + 1000));
    expect((await getRow(t.db, cards, id))!.published).toBe(false);
  });

  // PostgreSQL only: PGlite is one connection in one process.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'two workers on separate connections apply due changes exactly once',
    async () => {
      if (t.kind !== 'postgres') return;
      const staffId = await staff();
      const changes = [];
      for (let i = 0; i < 8; i++) changes.push(await cardWithScheduledPrice(`Гонка ${i}`, 4000 + i, staffId));
      // A second pool on the same database: another instance.
      const { rows } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(t.db);
      const other = new URL(process.env.TEST_DATABASE_URL!);
      other.pathname = `/${rows[0]!.db}`;
      const second = await createDb({ databaseUrl: other.toString(), max: 4 });
      try {
        const [a, b] = await Promise.all([applyDueChanges(t.db, AFTER), applyDueChanges(second.db, AFTER)]);
        expect(a + b).toBe(8);
      } finally {
        await second.close();
      }
      for (const { id } of changes) {
        const scheduled = await t.db
          .selectFrom('content_revisions')
          .select('id')
          .where('section', '=', 'cards')
          .where('record_id', '=', id)
          .where('kind', '=', 'scheduled')
          .execute();
        expect(scheduled).toHaveLength(1);
      }
    },
  );
});

it('reads «Опубликовать с» in the gym zone', () => {
  expect(parseLocalMoment('2026-12-01T00:00', 'Asia/Yekaterinburg')?.toISOString()).toBe('2026-11-30T19:00:00.000Z');
  expect(parseLocalMoment('2026-12-01T00:00', 'Europe/Moscow')?.toISOString()).toBe('2026-11-30T21:00:00.000Z');
  expect(parseLocalMoment('1 декабря', 'Europe/Moscow')).toBeNull();
});
