/**
 * The save service (services/content-save.server.ts): a save is one transaction — a gallery create of several
 * pictures saves all its records or none, a scheduled new version is planned whole or not at all —, and a restore
 * prunes old versions as an edit does.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { REVISIONS_KEEP_LATEST } from '#app/admin/revisions.ts';
import { coaches, gallery, trends } from '#app/admin/sections.ts';
import { parseEnv } from '#app/infra/env.server.ts';
import type { Storage } from '#app/infra/storage.server.ts';
import { createRow, getRow } from '#app/models/admin/content.server.ts';
import { listRevisions } from '#app/models/revision.server.ts';
import { restoreRecord, type SaveRequest, saveRecord } from '#app/services/content-save.server.ts';
import type { Database } from '#db/index.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { formValues, insertImage, insertStaff } from '#tests/integration/rows.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP_DAYS = 180;
const SAVE: SaveRequest = { intent: 'save', version: null, currentVersion: null, scheduledId: null };
const CLOCK = { network: 'Asia/Yekaterinburg', viewer: null };

function services(db: Database) {
  // No file is uploaded in these saves, so the picture storage is never reached.
  return { db, storage: {} as Storage, env: parseEnv({ REVISIONS_KEEP_DAYS: String(KEEP_DAYS) }) };
}

function editor(id: number) {
  return { id, email: 'editor@club.test', name: 'Редактор', role: 'editor' as const, sessionId: 's', gymIds: null };
}

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

async function count(db: Database, table: 'gallery_images' | 'content_revisions' | 'audit_log') {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db);
  return rows[0]!.n;
}

/** `ages.length` versions of a trend, each `age` days old. */
async function oldVersions(db: Database, recordId: number, ages: number[]) {
  const version = (days: number) => ({
    created_at: new Date(Date.now() - days * DAY_MS),
    data: JSON.stringify({ title: `${days}` }),
    kind: 'update' as const,
    record_id: recordId,
    section: trends.key,
  });
  await db.insertInto('content_revisions').values(ages.map(version)).execute();
}

describeEachDb('the save service', (t) => {
  it('saves a gallery create of three pictures as three records, or nothing when the third one fails', async () => {
    const staff = await insertStaff(t.db, 'Галина');
    const pictures = [await insertImage(t.db), await insertImage(t.db), await insertImage(t.db)];
    // The pictures an earlier, failed submission already stored: the first in the field, the others pending.
    const submitted = () =>
      form({
        image_id: String(pictures[0]),
        image_id__pending: [String(pictures[1]), String(pictures[2])],
        alt: 'Зал перед тренировкой',
      });
    // The third record's insert fails in the database.
    await sql
      .raw(`CREATE FUNCTION refuse_third() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.image_id = ${pictures[2]} THEN RAISE EXCEPTION 'third refused' USING ERRCODE = '23514'; END IF;
        RETURN NEW; END $$`)
      .execute(t.db);
    await sql
      .raw('CREATE TRIGGER refuse_third BEFORE INSERT ON gallery_images FOR EACH ROW EXECUTE FUNCTION refuse_third()')
      .execute(t.db);
    const before = await Promise.all([
      count(t.db, 'gallery_images'),
      count(t.db, 'content_revisions'),
      count(t.db, 'audit_log'),
    ]);

    const refused = await saveRecord(services(t.db), editor(staff), CLOCK, gallery, null, submitted(), SAVE);

    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      formError: 'Значения не прошли проверку базы данных: проверьте поля формы',
    });
    // Neither the first two records, nor their versions, nor their audit entries stayed.
    expect(
      await Promise.all([count(t.db, 'gallery_images'), count(t.db, 'content_revisions'), count(t.db, 'audit_log')]),
    ).toEqual(before);
    // The form keeps all three pictures for the next try.
    expect(refused.ok ? null : refused.values).toMatchObject({
      image_id: String(pictures[0]),
      image_id__pending: [String(pictures[1]), String(pictures[2])],
    });

    await sql.raw('DROP TRIGGER refuse_third ON gallery_images').execute(t.db);
    const saved = await saveRecord(services(t.db), editor(staff), CLOCK, gallery, null, submitted(), SAVE);

    expect(saved).toMatchObject({ ok: true, text: 'Сохранено: «Зал перед тренировкой (3 шт.)»' });
    expect(await count(t.db, 'gallery_images')).toBe(before[0] + 3);
  });

  it('keeps a scheduled new version of a published record whole, or nothing of it when a part fails', async () => {
    const staff = await insertStaff(t.db, 'Ольга');
    const photo = await insertImage(t.db);
    await t.db.updateTable('images').set({ alt: 'Тренер в зале' }).where('id', '=', photo).execute();
    const values = await formValues(t.db, coaches, { full_name: 'Анна Смирнова', photo_image_id: String(photo) });
    const id = await createRow(t.db, coaches, { ...values, published: true }, staff);
    const version = Number((await getRow(t.db, coaches, id))!.version);
    const year = new Date().getUTCFullYear() + 1;
    const later = form({
      full_name: 'Анна Смирнова-Лебедева',
      photo_image_id: String(photo),
      photo_image_id__alt: 'Анна ведёт растяжку',
      photo_image_id__focal_x: '50',
      photo_image_id__focal_y: '50',
      publish_at: `${year}-01-10T09:00`,
      unpublish_at: `${year}-02-01T09:00`,
      published: 'on',
    });
    const planned = async () =>
      (
        await sql<{ action: string }>`SELECT action FROM scheduled_changes
          WHERE record_id = ${id} AND section = ${coaches.key} ORDER BY action`.execute(t.db)
      ).rows.map((row) => row.action);
    const alt = async () =>
      (await t.db.selectFrom('images').select('alt').where('id', '=', photo).executeTakeFirst())?.alt;
    // The second of the two planned changes (the take-down) fails in the database.
    await sql
      .raw(`CREATE FUNCTION refuse_unpublish() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.action = 'unpublish' THEN RAISE EXCEPTION 'unpublish refused' USING ERRCODE = '23514'; END IF;
        RETURN NEW; END $$`)
      .execute(t.db);
    await sql
      .raw(
        'CREATE TRIGGER refuse_unpublish BEFORE INSERT ON scheduled_changes FOR EACH ROW EXECUTE FUNCTION refuse_unpublish()',
      )
      .execute(t.db);

    const refused = await saveRecord(services(t.db), editor(staff), CLOCK, coaches, id, later, { ...SAVE, version });

    expect(refused).toMatchObject({ ok: false, status: 400 });
    // Neither planned change nor the picture's new description stayed.
    expect(await planned()).toEqual([]);
    expect(await alt()).toBe('Тренер в зале');

    await sql.raw('DROP TRIGGER refuse_unpublish ON scheduled_changes').execute(t.db);
    const saved = await saveRecord(services(t.db), editor(staff), CLOCK, coaches, id, later, { ...SAVE, version });

    expect(saved.ok ? saved.text : saved).toMatch(/^Изменения «Анна Смирнова-Лебедева» запланированы на /);
    expect(await planned()).toEqual(['unpublish', 'update']);
    expect(await alt()).toBe('Анна ведёт растяжку');
    // The site keeps the current version until then.
    expect((await getRow(t.db, coaches, id))!.full_name).toBe('Анна Смирнова');

    // The scheduled version edited before its time: the same change, its new data, one audit entry.
    const { id: changeId } = await t.db
      .selectFrom('scheduled_changes')
      .select('id')
      .where('record_id', '=', id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    later.set('full_name', 'Анна Лебедева');
    const edited = await saveRecord(services(t.db), editor(staff), CLOCK, coaches, id, later, {
      ...SAVE,
      version,
      scheduledId: changeId,
    });

    expect(edited).toMatchObject({ ok: true, redirect: `/admin/scheduled/${changeId}` });
    expect(edited.ok ? edited.text : edited).toMatch(/^Запланированная версия «Анна Лебедева» изменена: применится /);
    const change = await t.db
      .selectFrom('scheduled_changes')
      .select('data')
      .where('id', '=', changeId)
      .executeTakeFirstOrThrow();
    const data = typeof change.data === 'string' ? JSON.parse(change.data) : change.data;
    expect(data).toMatchObject({ full_name: 'Анна Лебедева' });
    expect(await planned()).toEqual(['unpublish', 'update']);
  });

  it('prunes versions older than the kept age after a restore, as after an edit', async () => {
    const staff = await insertStaff(t.db, 'Пётр');
    const edited = await createRow(t.db, trends, await formValues(t.db, trends, { title: 'Йога' }), staff);
    const restored = await createRow(t.db, trends, await formValues(t.db, trends, { title: 'Пилатес' }), staff);
    for (const id of [edited, restored]) await oldVersions(t.db, id, Array(25).fill(400));
    const version = async (id: number) => Number((await getRow(t.db, trends, id))!.version);

    const edit = await saveRecord(
      services(t.db),
      editor(staff),
      CLOCK,
      trends,
      edited,
      form({ title: 'Йога для всех' }),
      { ...SAVE, version: await version(edited) },
    );
    const first = (await listRevisions(t.db, trends.key, restored)).find((revision) => revision.kind === 'create')!;
    const restore = await restoreRecord(
      t.db,
      trends,
      first,
      staff,
      new Date(),
      { deleted: false, version: await version(restored) },
      KEEP_DAYS,
    );

    expect(edit).toMatchObject({ ok: true });
    expect(restore).toMatchObject({ ok: true, id: restored, label: 'Пилатес' });
    // 27 versions each: the first (recent), 25 old ones added after it, the edit or the restore. The newest 20 stay,
    // and the recent first one; the 6 other old ones are gone.
    expect((await listRevisions(t.db, trends.key, edited)).length).toBe(REVISIONS_KEEP_LATEST + 1);
    expect((await listRevisions(t.db, trends.key, restored)).length).toBe(REVISIONS_KEEP_LATEST + 1);
    expect((await listRevisions(t.db, trends.key, restored))[0]).toMatchObject({ kind: 'restore' });
  });
});
