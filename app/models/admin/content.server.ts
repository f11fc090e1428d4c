/**
 * All SQL of the shared content sections. Table and column names come only from the section
 * descriptions in sections.server.ts (never from the request), so the dynamic parts are fixed identifiers.
 */
import { type Kysely, sql } from 'kysely';
import { announceContentChange } from '#app/infra/content-cache.server.ts';
import type { Option, OptionSource, Options } from '#app/lib/admin-fields.ts';
import type { ParsedValues, SectionDef } from '#app/models/admin/sections.server.ts';
import { recordAudit } from '#app/models/audit.server.ts';
import type { Database } from '#db/index.ts';

// The section descriptions name tables at run time; Kysely's static typing cannot follow that.
const loose = (db: Database) => db as unknown as Kysely<any>;

export const PAGE_SIZE = 20;

export interface ListQuery {
  q: string;
  filters: Record<string, string>;
  sort: string | null;
  dir: 'asc' | 'desc';
  page: number;
}

export type Row = Record<string, unknown> & { id: number };

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function listRows(db: Database, section: SectionDef, query: ListQuery) {
  const t = section.table;
  let base = loose(db).selectFrom(t);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    base = base.where((eb) =>
      eb.or(section.searchColumns.map((column) => eb(sql`${sql.ref(`${t}.${column}`)}::text`, 'ilike', pattern))),
    );
  }
  for (const filter of section.filters) {
    const value = query.filters[filter.name];
    if (!value) continue;
    if (filter.kind === 'published') base = base.where(`${t}.published`, '=', value === 'yes');
    else if (filter.column) {
      if (value === 'none') base = base.where(`${t}.${filter.column}`, 'is', null);
      else if (/^\d+$/.test(value)) base = base.where(`${t}.${filter.column}`, '=', Number(value));
    }
  }
  const imageColumn = section.columns.find((column) => column.kind === 'image')?.key;
  let select = base.selectAll(t);
  if (imageColumn) {
    select = select
      .leftJoin('images', 'images.id', `${t}.${imageColumn}`)
      .select([
        'images.storage_key as image_key',
        'images.width as image_width',
        'images.height as image_height',
        'images.placeholder as image_placeholder',
      ]);
  }
  const sortable = section.columns.filter((column) => column.sortable).map((column) => column.key);
  const order: ReadonlyArray<readonly [string, 'asc' | 'desc']> =
    query.sort && sortable.includes(query.sort)
      ? [
          [query.sort, query.dir],
          ['id', 'asc'],
        ]
      : section.defaultSort;
  for (const [column, dir] of order) select = select.orderBy(`${t}.${column}`, dir);

  const [rows, total] = await Promise.all([
    select
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE)
      .execute() as Promise<Row[]>,
    base
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count)),
  ]);
  return { rows, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

export async function getRow(db: Database, section: SectionDef, id: number): Promise<Row | null> {
  const row = (await loose(db).selectFrom(section.table).selectAll().where('id', '=', id).executeTakeFirst()) as
    | Row
    | undefined;
  if (!row) return null;
  for (const [name, join] of Object.entries(section.joins ?? {})) {
    const links = await loose(db).selectFrom(join.table).select(join.other).where(join.self, '=', id).execute();
    row[name] = links.map((link) => Number(link[join.other]));
  }
  return row;
}

export async function getImages(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('images')
    .select(['id', 'storage_key', 'width', 'height', 'placeholder'])
    .where('id', 'in', ids)
    .execute();
}

/** Splits parsed values into the table's columns and the many-to-many links. */
function splitValues(section: SectionDef, values: ParsedValues) {
  const columns: Record<string, unknown> = {};
  const links: Record<string, number[]> = {};
  for (const field of section.fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    if (section.joins?.[field.name]) links[field.name] = value as number[];
    else if (field.type === 'lines')
      columns[field.name] = JSON.stringify(value === null ? [] : String(value).split('\n'));
    else columns[field.name] = value;
  }
  return { columns, links };
}

async function writeLinks(db: Database, section: SectionDef, id: number, links: Record<string, number[]>) {
  for (const [name, ids] of Object.entries(links)) {
    const join = section.joins![name]!;
    await loose(db).deleteFrom(join.table).where(join.self, '=', id).execute();
    if (ids.length) {
      await loose(db)
        .insertInto(join.table)
        .values(ids.map((other) => ({ [join.self]: id, [join.other]: other })))
        .execute();
    }
  }
}

export async function createRow(db: Database, section: SectionDef, values: ParsedValues, staffUserId: number) {
  return db.transaction().execute(async (trx) => {
    const { columns, links } = splitValues(section, values);
    if (section.orderable) {
      const { max } = (await loose(trx)
        .selectFrom(section.table)
        .select((eb) => eb.fn.max('sort_order').as('max'))
        .executeTakeFirstOrThrow()) as { max: number | null };
      columns.sort_order = (max ?? 0) + 1;
    }
    const { id } = (await loose(trx)
      .insertInto(section.table)
      .values(columns)
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    await writeLinks(trx, section, id, links);
    await recordAudit(trx, {
      staffUserId,
      action: 'create',
      entity: section.entity,
      entityId: id,
      fields: Object.keys(values),
    });
    await announceContentChange(trx, section.entity);
    return id;
  });
}

export type UpdateResult = { ok: true } | { ok: false; reason: 'conflict' | 'missing'; currentVersion?: number };

/**
 * Optimistic concurrency: the row is written only while it still has the version the form was opened
 * with; otherwise nothing is written and the caller keeps the user's input.
 */
export async function updateRow(
  db: Database,
  section: SectionDef,
  id: number,
  version: number | null,
  values: ParsedValues,
  staffUserId: number,
): Promise<UpdateResult> {
  return db.transaction().execute(async (trx) => {
    const before = await getRow(trx, section, id);
    if (!before) return { ok: false, reason: 'missing' };
    if (section.versioned && before.version !== version) {
      return { ok: false, reason: 'conflict', currentVersion: Number(before.version) };
    }
    const { columns, links } = splitValues(section, values);
    const changed = Object.keys(values).filter((name) => !sameValue(before[name], columns[name] ?? links[name]));
    let update = loose(trx).updateTable(section.table).set(columns).where('id', '=', id);
    if (section.versioned) {
      update = update.set({ version: sql`version + 1`, updated_at: sql`now()` }).where('version', '=', version);
    }
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { ok: false, reason: 'conflict' };
    await writeLinks(trx, section, id, links);
    await recordAudit(trx, { staffUserId, action: 'update', entity: section.entity, entityId: id, fields: changed });
    await announceContentChange(trx, section.entity);
    return { ok: true };
  });
}

function sameValue(before: unknown, after: unknown): boolean {
  const normalise = (value: unknown) => {
    if (Array.isArray(value)) return JSON.stringify([...value].map(String).sort());
    if (typeof value === 'string' && value.startsWith('[')) return normalise(JSON.parse(value));
    if (value instanceof Date) return value.toISOString();
    if (value === null || value === undefined) return '';
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return String(Number(value));
    if (typeof value === 'string' && /^\d\d:\d\d:\d\d$/.test(value)) return value.slice(0, 5);
    return String(value);
  };
  try {
    return normalise(before) === normalise(after);
  } catch {
    return false;
  }
}

export async function setPublished(
  db: Database,
  section: SectionDef,
  id: number,
  value: boolean,
  staffUserId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await loose(trx)
      .updateTable(section.table)
      .set({ published: value, version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await recordAudit(trx, {
      staffUserId,
      action: value ? 'publish' : 'unpublish',
      entity: section.entity,
      entityId: id,
      fields: ['published'],
    });
    await announceContentChange(trx, section.entity);
    return true;
  });
}

/**
 * Moves a record one place up or down in the display order. The whole order is renumbered 1…n,
 * so equal or sparse sort_order values from imports still move predictably. Lists are small.
 */
export async function moveRow(
  db: Database,
  section: SectionDef,
  id: number,
  direction: 'up' | 'down',
  staffUserId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Lock the table's order against a concurrent move.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`order:${section.table}`}))`.execute(trx);
    const rows = (await loose(trx)
      .selectFrom(section.table)
      .select(['id', 'sort_order'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute()) as Array<{ id: number; sort_order: number }>;
    const index = rows.findIndex((row) => row.id === id);
    const target = direction === 'up' ? index - 1 : index + 1;
    if (index < 0 || target < 0 || target >= rows.length) return false;
    [rows[index], rows[target]] = [rows[target]!, rows[index]!];
    for (const [position, row] of rows.entries()) {
      if (row.sort_order !== position + 1) {
        await loose(trx)
          .updateTable(section.table)
          .set({ sort_order: position + 1 })
          .where('id', '=', row.id)
          .execute();
      }
    }
    await recordAudit(trx, {
      staffUserId,
      action: 'move',
      entity: section.entity,
      entityId: id,
      fields: ['sort_order'],
    });
    await announceContentChange(trx, section.entity);
    return true;
  });
}

export type DeleteResult = 'deleted' | 'missing' | 'referenced';

export async function deleteRow(
  db: Database,
  section: SectionDef,
  id: number,
  staffUserId: number,
): Promise<DeleteResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await loose(trx).deleteFrom(section.table).where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return 'missing';
      await recordAudit(trx, { staffUserId, action: 'delete', entity: section.entity, entityId: id });
      await announceContentChange(trx, section.entity);
      return 'deleted';
    });
  } catch (error) {
    // 23503: a RESTRICT foreign key (a trend that still has trainings).
    if ((error as { code?: string }).code === '23503') return 'referenced';
    throw error;
  }
}

const WEEKDAY_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];

/** The choices of the form's selects, one query per needed source. */
export async function loadOptions(db: Database, sources: Iterable<OptionSource>): Promise<Options> {
  const options: Options = {};
  const toOptions = (rows: Array<{ id: number; label: string }>): Option[] =>
    rows.map((row) => ({ value: String(row.id), label: row.label }));
  for (const source of new Set(sources)) {
    switch (source) {
      case 'gyms':
        options.gyms = toOptions(
          await db.selectFrom('gyms').select(['id', 'name as label']).orderBy('sort_order').orderBy('id').execute(),
        );
        break;
      case 'trends':
        options.trends = toOptions(
          await db.selectFrom('trends').select(['id', 'title as label']).orderBy('sort_order').orderBy('id').execute(),
        );
        break;
      case 'trainings':
        options.trainings = toOptions(
          await db.selectFrom('trainings').select(['id', 'title as label']).orderBy('title').execute(),
        );
        break;
      case 'coaches':
        options.coaches = toOptions(
          await db.selectFrom('coaches').select(['id', 'full_name as label']).orderBy('full_name').execute(),
        );
        break;
      case 'cards':
        options.cards = toOptions(
          await db.selectFrom('cards').select(['id', 'title as label']).orderBy('sort_order').orderBy('id').execute(),
        );
        break;
      case 'slots': {
        const rows = await db
          .selectFrom('schedule_slots')
          .innerJoin('gyms', 'gyms.id', 'schedule_slots.gym_id')
          .innerJoin('trainings', 'trainings.id', 'schedule_slots.training_id')
          .select([
            'schedule_slots.id',
            'gyms.name as gym',
            'trainings.title as training',
            'schedule_slots.weekday',
            'schedule_slots.start_time',
          ])
          .orderBy('gyms.sort_order')
          .orderBy('schedule_slots.weekday')
          .orderBy('schedule_slots.start_time')
          .execute();
        options.slots = rows.map((row) => ({
          value: String(row.id),
          label: `${row.gym} · ${WEEKDAY_SHORT[row.weekday - 1]} ${row.start_time.slice(0, 5)} · ${row.training}`,
        }));
        break;
      }
    }
  }
  return options;
}
