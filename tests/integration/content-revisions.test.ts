import { expect, it } from 'vitest';
import type { FormValues } from '#app/admin/fields.ts';
import { changedFields, REVISIONS_KEEP_LATEST } from '#app/admin/revisions.ts';
import type { AnySection } from '#app/admin/section.ts';
import { coaches, slots, trainings, trends } from '#app/admin/sections.ts';
import { createRow, deleteRow, getRow, moveRow, setPublished, updateRow } from '#app/models/admin/content.server.ts';
import { latestRevision, listDeleted, listRevisions, pruneRevisions } from '#app/models/revision.server.ts';
import { restoreRecord } from '#app/services/content-save.server.ts';
import type { Database } from '#db/index.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { formValues, insertGym, insertImage, insertStaff } from '#tests/integration/rows.ts';

/** What the «Удалённые» page shows of a record: deleted. */
const DELETED = { deleted: true } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

async function version(db: Database, section: AnySection, id: number) {
  return Number((await getRow(db, section, id))!.version);
}

/** Saves a new record of `section` from its form values, as `staffId`. */
async function create(db: Database, section: AnySection, raw: FormValues, staffId: number) {
  return createRow(db, section, await formValues(db, section, raw), staffId);
}

/** Saves form values over a record as `staffId`, from the version the form was `opened` at (by default the current one). */
async function update(
  db: Database,
  section: AnySection,
  id: number,
  raw: FormValues,
  staffId: number,
  opened?: number,
) {
  return updateRow(
    db,
    section,
    id,
    opened ?? (await version(db, section, id)),
    await formValues(db, section, raw),
    staffId,
  );
}

async function addRevisions(
  db: Database,
  recordId: number,
  ages: number[],
  now: Date,
  kind: 'update' | 'delete' = 'update',
) {
  await db
    .insertInto('content_revisions')
    .values(
      ages.map((days) => ({
        section: 'coaches',
        record_id: recordId,
        kind,
        data: JSON.stringify({ full_name: `${days}` }),
        created_at: new Date(now.getTime() - days * DAY_MS),
      })),
    )
    .execute();
}

/**
 * A gym, a trend named `name`, a 60-minute training of that trend and a slot of it in the gym on `weekday` (1–7) at
 * `start`, all saved by `staffId`.
 */
async function trainingWithSlot(db: Database, staffId: number, name: string, weekday: number, start: string) {
  const gym = await insertGym(db, `Зал: ${name}`);
  const trend = await create(db, trends, { title: name }, staffId);
  const training = await create(
    db,
    trainings,
    { title: `${name}: занятие`, trend_id: String(trend), duration_min: '60' },
    staffId,
  );
  const slot = await create(
    db,
    slots,
    {
      gym_id: String(gym),
      training_id: String(training),
      weekday: String(weekday),
      start_time: start,
      duration_min: '60',
    },
    staffId,
  );
  return { training, slot };
}

describeEachDb('content revisions', (t) => {
  it('keeps every save of a coach with who and when, newest first, and names the changed fields', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const boris = await insertStaff(t.db, 'Борис');
    const id = await create(t.db, coaches, { full_name: 'Иван Петров' }, anna);
    await update(t.db, coaches, id, { full_name: 'Иван Петров', position: 'Тренер' }, boris);
    await update(t.db, coaches, id, { full_name: 'Иван Сидоров', position: 'Тренер', summary: 'Бокс' }, anna);

    const revisions = await listRevisions(t.db, 'coaches', id);
    expect(revisions.map((revision) => [revision.kind, revision.staffName, revision.data.full_name])).toEqual([
      ['update', 'Анна', 'Иван Сидоров'],
      ['update', 'Борис', 'Иван Петров'],
      ['create', 'Анна', 'Иван Петров'],
    ]);
    expect(changedFields(coaches, revisions[1]!.data, revisions[0]!.data).map((field) => field.label)).toEqual([
      'Имя и фамилия',
      'Кратко',
    ]);
  });

  it('adds no version for a save that changed nothing', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const id = await create(t.db, coaches, { full_name: 'Без изменений' }, anna);
    await update(t.db, coaches, id, { full_name: 'Без изменений' }, anna);
    expect(await listRevisions(t.db, 'coaches', id)).toHaveLength(1);
  });

  it('keeps publishing and unpublishing as versions', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const id = await create(t.db, coaches, { full_name: 'Публикация', published: true }, anna);
    await setPublished(t.db, coaches, id, false, anna);
    const [latest, first] = await listRevisions(t.db, 'coaches', id);
    expect(changedFields(coaches, first!.data, latest!.data).map((field) => field.label)).toEqual(['Опубликовано']);
  });

  it('keeps the state of a record saved before history began as its first version', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const { id } = await t.db
      .insertInto('coaches')
      .values({ full_name: 'Старый тренер', achievements: '["Мастер спорта"]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await update(t.db, coaches, id, { full_name: 'Новый тренер' }, anna, 1);
    const revisions = await listRevisions(t.db, 'coaches', id);
    expect(revisions.map((revision) => [revision.kind, revision.data.full_name])).toEqual([
      ['update', 'Новый тренер'],
      ['initial', 'Старый тренер'],
    ]);
    expect(revisions[1]!.data.achievements).toEqual(['Мастер спорта']);
  });

  it('restores an earlier version as a new, audited version with its image', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const photo = await insertImage(t.db);
    const id = await create(t.db, coaches, { full_name: 'Ольга', photo_image_id: String(photo) }, anna);
    await update(t.db, coaches, id, { full_name: 'Ольга Иванова' }, anna, 1);
    const first = (await listRevisions(t.db, 'coaches', id)).at(-1)!;

    const result = await restoreRecord(t.db, coaches, first, anna, new Date(), {
      deleted: false,
      version: await version(t.db, coaches, id),
    });

    expect(result).toMatchObject({ ok: true, id, label: 'Ольга' });
    expect(await getRow(t.db, coaches, id)).toMatchObject({ full_name: 'Ольга', photo_image_id: photo });
    const revisions = await listRevisions(t.db, 'coaches', id);
    expect(revisions.map((revision) => revision.kind)).toEqual(['restore', 'update', 'create']);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', id)
      .where('entity', '=', 'coach')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'restore', staff_user_id: anna });
  });

  it('refuses a restore over a save made after the compare page was opened', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const id = await create(t.db, coaches, { full_name: 'Гонка' }, anna);
    const opened = await version(t.db, coaches, id);
    await update(t.db, coaches, id, { full_name: 'Гонка 2' }, anna, opened);
    const first = (await listRevisions(t.db, 'coaches', id)).at(-1)!;
    const result = await restoreRecord(t.db, coaches, first, anna, new Date(), { deleted: false, version: opened });
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect((await getRow(t.db, coaches, id))!.full_name).toBe('Гонка 2');
  });

  it('refuses a second restore of a deleted record that came back meanwhile, keeping the later edits', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const id = await create(t.db, trends, { title: 'Бокс' }, anna);
    await deleteRow(t.db, trends, id, anna);
    const entry = (await latestRevision(t.db, 'trainings/trends', id))!;
    expect(await restoreRecord(t.db, trends, entry, anna, new Date(), DELETED)).toMatchObject({ ok: true });
    await update(t.db, trends, id, { title: 'Бокс для взрослых' }, anna, await version(t.db, trends, id));

    // A stale «Удалённые» tab, a colleague, a replayed POST: the same delete version again.
    const again = await restoreRecord(t.db, trends, entry, anna, new Date(), DELETED);
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(again.ok ? '' : again.message).toContain('уже восстановили');
    expect((await getRow(t.db, trends, id))!.title).toBe('Бокс для взрослых');
  });

  it('lists a deleted trend for 30 days and restores it with the same id and its cover', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const cover = await insertImage(t.db);
    const id = await create(t.db, trends, { title: 'Йога', cover_image_id: String(cover) }, anna);
    expect(await deleteRow(t.db, trends, id, anna)).toBe('deleted');
    const deleted = await listDeleted(t.db, new Date());
    const entry = deleted.find((revision) => revision.section === 'trainings/trends' && revision.recordId === id)!;
    expect(entry).toMatchObject({ kind: 'delete', staffName: 'Анна' });
    expect(await listDeleted(t.db, new Date(Date.now() + 31 * DAY_MS))).not.toContainEqual(
      expect.objectContaining({ id: entry.id }),
    );

    const result = await restoreRecord(t.db, trends, entry, anna, new Date(), DELETED);

    expect(result).toMatchObject({ ok: true, id });
    expect(await getRow(t.db, trends, id)).toMatchObject({ title: 'Йога', cover_image_id: cover });
    expect((await listDeleted(t.db, new Date())).map((revision) => revision.id)).not.toContain(entry.id);
    expect((await latestRevision(t.db, 'trainings/trends', id))!.kind).toBe('restore');
  });

  it('puts a restored record of a hand-ordered list back at its place, also after the list was reordered', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const ids: number[] = [];
    for (const title of ['Место А', 'Место Б', 'Место В', 'Место Г'])
      ids.push(await create(t.db, trends, { title }, anna));
    const order = async () =>
      (await t.db.selectFrom('trends').select('id').orderBy('sort_order').orderBy('id').execute())
        .map((row) => row.id)
        .filter((id) => ids.includes(id));
    const restoreDeleted = async (id: number) => {
      const entry = (await listDeleted(t.db, new Date())).find(
        (revision) => revision.section === 'trainings/trends' && revision.recordId === id,
      )!;
      expect(await restoreRecord(t.db, trends, entry, anna, new Date(), DELETED)).toMatchObject({ ok: true, id });
    };

    await deleteRow(t.db, trends, ids[1]!, anna);
    await restoreDeleted(ids[1]!);
    expect(await order()).toEqual(ids);

    // Deleted, then the list reordered (renumbered 1…n): it comes back second, not last.
    await deleteRow(t.db, trends, ids[1]!, anna);
    await moveRow(t.db, trends, ids[3]!, 'up', anna);
    await restoreDeleted(ids[1]!);
    expect(await order()).toEqual([ids[0], ids[1], ids[3], ids[2]]);
  });

  it('refuses to restore a deleted record after 30 days', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const id = await create(t.db, trends, { title: 'Стретчинг' }, anna);
    await deleteRow(t.db, trends, id, anna);
    const entry = (await latestRevision(t.db, 'trainings/trends', id))!;
    const result = await restoreRecord(t.db, trends, entry, anna, new Date(Date.now() + 31 * DAY_MS), DELETED);
    expect(result).toMatchObject({ ok: false, status: 410 });
    expect(await getRow(t.db, trends, id)).toBeNull();
  });

  it('restores a schedule slot only while its training exists, with a Russian message otherwise', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const { training, slot } = await trainingWithSlot(t.db, anna, 'Пилатес', 1, '09:00');
    await deleteRow(t.db, slots, slot, anna);
    await deleteRow(t.db, trainings, training, anna);
    const entry = (await latestRevision(t.db, 'trainings/slots', slot))!;

    const refused = await restoreRecord(t.db, slots, entry, anna, new Date(), DELETED);
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(refused.ok ? '' : refused.message).toContain('«Тренировка»');
    expect(await getRow(t.db, slots, slot)).toBeNull();

    const trainingEntry = (await latestRevision(t.db, 'trainings', training))!;
    expect(await restoreRecord(t.db, trainings, trainingEntry, anna, new Date(), DELETED)).toMatchObject({
      ok: true,
      id: training,
    });
    expect(await restoreRecord(t.db, slots, entry, anna, new Date(), DELETED)).toMatchObject({ ok: true, id: slot });
  });

  it('does not list or restore a slot the database removed together with its training', async () => {
    const anna = await insertStaff(t.db, 'Анна');
    const { training, slot } = await trainingWithSlot(t.db, anna, 'Каскад', 2, '19:00');
    await deleteRow(t.db, trainings, training, anna);
    expect(await getRow(t.db, slots, slot)).toBeNull();
    const deleted = await listDeleted(t.db, new Date());
    expect(deleted.map((revision) => `${revision.section} ${revision.recordId}`)).toContain(`trainings ${training}`);
    expect(deleted.map((revision) => `${revision.section} ${revision.recordId}`)).not.toContain(
      `trainings/slots ${slot}`,
    );
    const last = (await latestRevision(t.db, 'trainings/slots', slot))!;
    const result = await restoreRecord(t.db, slots, last, anna, new Date(), DELETED);
    expect(result).toMatchObject({ ok: false, status: 410 });
    expect(result.ok ? '' : result.message).toContain('вместе со связанной');
  });

  it('prunes versions older than the kept age beyond the newest 20 of a record, and old deleted records', async () => {
    const now = new Date();
    const busy = 900_001;
    const recent = 900_002;
    const gone = 900_003;
    const fresh = 900_004;
    // 25 old versions and then 5 recent ones: the newest 20 stay whatever their age, the other 10 old ones go.
    await addRevisions(t.db, busy, [...Array(25).fill(400), ...Array(5).fill(1)], now);
    await addRevisions(t.db, recent, Array(30).fill(10), now);
    await addRevisions(t.db, gone, [60], now);
    await addRevisions(t.db, gone, [40], now, 'delete');
    await addRevisions(t.db, fresh, [5], now, 'delete');

    const pruned = await pruneRevisions(t.db, now, 180);

    const count = async (recordId: number) => (await listRevisions(t.db, 'coaches', recordId)).length;
    expect(await count(busy)).toBe(REVISIONS_KEEP_LATEST);
    expect(await count(recent)).toBe(30);
    expect(await count(gone)).toBe(0);
    expect(await count(fresh)).toBe(1);
    expect(pruned).toBe(12);
  });
});
