/**
 * All SQL of the content sections. Table and column names come only from the section declarations, which are typed
 * against the database (app/admin/section.ts), never from the request; they enter the SQL as quoted identifiers
 * (`sql.table`, `sql.ref`) and every value as a parameter.
 */
import { type Expression, type RawBuilder, sql, type Transaction } from 'kysely';
import type { ParsedValues } from '#app/admin/checks.server.ts';
import { type FieldDef, filterName, type OptionSource, type Options } from '#app/admin/fields.ts';
import { kindOf } from '#app/admin/kinds/index.ts';
import type { AnySection } from '#app/admin/section.ts';
import { announceContentChange } from '#app/infra/content-cache.server.ts';
import { parseId } from '#app/lib/id.ts';
import { slotLabel } from '#app/lib/slot-label.ts';
import { slotOptions, slotsWithTrainingAndCoach } from '#app/models/admin/schedule.server.ts';
import { type AuditAction, recordAudit } from '#app/models/audit.server.ts';
import { keepRevision } from '#app/models/revision.server.ts';
import { applySessionChange, applySlotCapacity, type ChangeRow } from '#app/models/session-change.server.ts';
import { lockSlots } from '#app/models/signup.server.ts';
import { NO_VISITOR_CHANNELS, type VisitorChannels } from '#app/models/visitor-message.server.ts';
import type { Database } from '#db/index.ts';
import type { DB } from '#db/schema.ts';

export const PAGE_SIZE = 20;

export interface ListQuery {
  q: string;
  filters: Record<string, string>;
  sort: string | null;
  dir: 'asc' | 'desc';
  page: number;
}

export type Row = Record<string, unknown> & { id: number };

type JoinField = Extract<FieldDef, { kind: 'references' }>;

const table = (section: AnySection) => sql.table(section.table);
const column = (section: AnySection, name: string) => sql.ref(`${section.table}.${name}`);
/** Fields kept in a join table rather than a column (a kind with `join` in its declaration). */
const joinFields = (section: AnySection) => section.fields.filter((field): field is JoinField => 'join' in field);

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function listOrder(section: AnySection, query: ListQuery): ReadonlyArray<readonly [string, 'asc' | 'desc']> {
  const sortable = section.columns.filter((entry) => entry.sortable).map((entry) => entry.column as string);
  if (query.sort && sortable.includes(query.sort)) {
    return [
      [query.sort, query.dir],
      ['id', 'asc'],
    ];
  }
  return section.order === 'manual'
    ? [
        ['sort_order', 'asc'],
        ['id', 'asc'],
      ]
    : section.order;
}

/**
 * Which records a staff member may see, as an SQL condition on a record (`entity`, its id expression), or null when
 * they see all; decided by services/access.server.ts (docs/product/roles.md), passed in by the routes.
 */
export type Visibility = (entity: string, id: Expression<number>) => RawBuilder<boolean> | null;

export async function listRows(db: Database, section: AnySection, query: ListQuery, visible?: Visibility) {
  const conditions: RawBuilder<unknown>[] = [];
  const scope = visible?.(section.entity, sql.ref(`${section.table}.id`));
  if (scope) conditions.push(scope);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const matches = section.search.map((name) => sql`${column(section, name)}::text ILIKE ${pattern}`);
    conditions.push(sql`(${sql.join(matches, sql` OR `)})`);
  }
  for (const filter of section.filters) {
    const value = query.filters[filterName(filter)];
    if (!value) continue;
    if (filter.kind === 'published') conditions.push(sql`${column(section, 'published')} = ${value === 'yes'}`);
    else if (value === 'none') conditions.push(sql`${column(section, filter.field)} IS NULL`);
    else {
      const id = parseId(value);
      if (id !== null) conditions.push(sql`${column(section, filter.field)} = ${id}`);
    }
  }
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const imageField = section.fields.find(
    (field) => kindOf(field).cell === 'picture' && section.columns.some((entry) => entry.column === field.name),
  );
  const image = imageField
    ? {
        select: sql`, images.storage_key AS image_key, images.width AS image_width,
          images.height AS image_height, images.placeholder AS image_placeholder`,
        join: sql`LEFT JOIN images ON images.id = ${column(section, imageField.name)}`,
      }
    : { select: sql``, join: sql`` };
  const order = listOrder(section, query).map(
    ([name, dir]) => sql`${column(section, name)} ${sql.raw(dir === 'desc' ? 'DESC' : 'ASC')}`,
  );
  const [rows, count] = await Promise.all([
    sql<Row>`
      SELECT ${table(section)}.*${image.select} FROM ${table(section)} ${image.join} ${where}
      ORDER BY ${sql.join(order)} LIMIT ${PAGE_SIZE} OFFSET ${(query.page - 1) * PAGE_SIZE}
    `.execute(db),
    sql<{ count: string | number }>`SELECT count(*) AS count FROM ${table(section)} ${where}`.execute(db),
  ]);
  const total = Number(count.rows[0]?.count ?? 0);
  return { rows: rows.rows, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

async function withLinks(db: Database, section: AnySection, row: Row | undefined): Promise<Row | null> {
  if (!row) return null;
  for (const field of joinFields(section)) {
    const { join } = field;
    const links = await sql<{ other: number }>`
      SELECT ${sql.ref(join.other)} AS other FROM ${sql.table(join.table)} WHERE ${sql.ref(join.self)} = ${row.id}
    `.execute(db);
    row[field.name] = links.rows.map((link) => Number(link.other));
  }
  return row;
}

export async function getRow(db: Database, section: AnySection, id: number): Promise<Row | null> {
  const { rows } = await sql<Row>`SELECT * FROM ${table(section)} WHERE id = ${id}`.execute(db);
  return withLinks(db, section, rows[0]);
}

/** The id of the one row of a singleton section (its migration creates the row), or null. */
export async function singletonId(db: Database, section: AnySection): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM ${table(section)} ORDER BY id LIMIT 1`.execute(db);
  return rows[0]?.id ?? null;
}

/**
 * The names of records as staff pages show them (list actions, confirmations, flash messages, the audit log): the
 * label column, or a composed label for weekly slots and their dated changes (app/admin/section.ts).
 */
export async function recordTitles(db: Database, section: AnySection, ids: readonly number[]) {
  const titles = new Map<number, string>();
  if (ids.length === 0) return titles;
  if (section.composedLabel) {
    const slots = slotsWithTrainingAndCoach(db).select([
      'schedule_slots.id',
      'schedule_slots.weekday',
      'schedule_slots.start_time',
      'trainings.title as training',
      'coaches.full_name as coach',
    ]);
    if (section.composedLabel === 'slot') {
      for (const row of await slots.where('schedule_slots.id', 'in', [...ids]).execute()) {
        titles.set(row.id, slotLabel({ ...row, startTime: row.start_time }));
      }
    } else {
      const changes = await db
        .selectFrom('schedule_changes')
        .select(['id', 'slot_id', 'date'])
        .where('id', 'in', [...ids])
        .execute();
      const slotIds = [...new Set(changes.map((change) => change.slot_id))];
      const byId = new Map(
        slotIds.length
          ? (await slots.where('schedule_slots.id', 'in', slotIds).execute()).map((row) => [row.id, row])
          : [],
      );
      for (const change of changes) {
        const slot = byId.get(change.slot_id);
        const date = String(change.date).slice(0, 10);
        titles.set(change.id, slot ? slotLabel({ ...slot, startTime: slot.start_time }, date) : date);
      }
    }
    return titles;
  }
  const { rows } = await sql<{ id: number; label: unknown }>`
    SELECT id, ${sql.ref(section.labelColumn)} AS label FROM ${table(section)} WHERE id IN (${sql.join([...ids])})
  `.execute(db);
  for (const row of rows) titles.set(row.id, row.label === null ? '' : String(row.label));
  return titles;
}

export async function recordTitle(db: Database, section: AnySection, id: number): Promise<string | null> {
  return (await recordTitles(db, section, [id])).get(id) || null;
}

/** Splits parsed values into the table's columns and the many-to-many links. */
function splitValues(section: AnySection, values: ParsedValues) {
  const columns: Record<string, unknown> = {};
  const links = new Map<JoinField, number[]>();
  for (const field of section.fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    if ('join' in field) links.set(field, value as number[]);
    else columns[field.name] = kindOf(field).toColumn?.(value) ?? value;
  }
  return { columns, links };
}

async function writeLinks(db: Database, id: number, links: Map<JoinField, number[]>) {
  for (const [{ join }, ids] of links) {
    await sql`DELETE FROM ${sql.table(join.table)} WHERE ${sql.ref(join.self)} = ${id}`.execute(db);
    if (ids.length) {
      const rows = ids.map((other) => sql`(${id}, ${other})`);
      await sql`
        INSERT INTO ${sql.table(join.table)} (${sql.ref(join.self)}, ${sql.ref(join.other)}) VALUES ${sql.join(rows)}
      `.execute(db);
    }
  }
}

/** What a staff write may cause beyond the record: messages to visitors (docs/product/signups.md, "Staff changes"). */
export interface WriteEffects {
  visitorChannels?: VisitorChannels;
}

/**
 * A write's effects on sign-ups, in its transaction: a dated change of a session tells its people and moves the
 * waiting list; a weekly slot given more places moves its waiting lists.
 */
async function applyWriteEffects(
  trx: Transaction<DB>,
  section: AnySection,
  before: Row | null,
  after: Row | null,
  effects: WriteEffects,
) {
  const channels = effects.visitorChannels ?? NO_VISITOR_CHANNELS;
  if (section.table === 'schedule_changes') {
    await applySessionChange(trx, before as ChangeRow | null, after as ChangeRow | null, channels);
  } else if (section.table === 'schedule_slots' && before && after) {
    const was = before.capacity === null ? Number.POSITIVE_INFINITY : Number(before.capacity);
    const now = after.capacity === null ? Number.POSITIVE_INFINITY : Number(after.capacity);
    if (now > was) await applySlotCapacity(trx, Number(after.id), channels);
  }
}

/** Audits a change of a record under its title as it now stands and tells the site's caches about it. */
async function auditChange(
  trx: Database,
  section: AnySection,
  id: number,
  staffUserId: number | null,
  action: AuditAction,
  fields: string[],
) {
  await recordAudit(trx, {
    staffUserId,
    action,
    entity: section.entity,
    entityId: id,
    fields,
    title: await recordTitle(trx, section, id),
  });
  await announceContentChange(trx, section.entity);
}

/**
 * A dated change of the schedule (cancelled, places) takes the lock sign-ups take on its slot, before and after the
 * write (the slot may change), so no sign-up lands on the session in the same instant unseen (ADR 36).
 */
async function lockChangedSessions(trx: Transaction<DB>, section: AnySection, ...slotIds: unknown[]) {
  if (section.table !== ('schedule_changes' satisfies keyof DB)) return;
  await lockSlots(
    trx,
    slotIds.flatMap((id) => (typeof id === 'number' ? [id] : [])),
  );
}

/**
 * Inserts a record and keeps its first version. A restore of a deleted record (docs/revisions.md) passes the id it
 * had and is audited as a restore.
 */
export async function createRow(
  db: Database,
  section: AnySection,
  values: ParsedValues,
  staffUserId: number,
  /** A deleted record coming back under its own id, at its old place in a hand-ordered list when known. */
  restore?: { id: number; position?: number | null },
  effects: WriteEffects = {},
) {
  return db.transaction().execute((trx) => createRowInTransaction(trx, section, values, staffUserId, restore, effects));
}

/** createRow inside a transaction the caller holds: a save of several records is one (services/content-save.server.ts). */
export async function createRowInTransaction(
  trx: Transaction<DB>,
  section: AnySection,
  values: ParsedValues,
  staffUserId: number,
  restore?: { id: number; position?: number | null },
  effects: WriteEffects = {},
): Promise<number> {
  {
    const { columns, links } = splitValues(section, values);
    await lockChangedSessions(trx, section, columns.slot_id);
    if (restore) columns.id = restore.id;
    const position = restore?.position;
    if (section.order === 'manual' && typeof position === 'number' && Number.isInteger(position) && position > 0) {
      // Back between its old neighbours: the records from its place on move one down. Locked like a move.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`order:${section.table}`}))`.execute(trx);
      await sql`UPDATE ${table(section)} SET sort_order = sort_order + 1 WHERE sort_order >= ${position}`.execute(trx);
      columns.sort_order = position;
    } else if (section.order === 'manual') {
      const { rows } = await sql<{ next: number }>`
        SELECT coalesce(max(sort_order), 0) + 1 AS next FROM ${table(section)}
      `.execute(trx);
      columns.sort_order = Number(rows[0]!.next);
    }
    const names = Object.keys(columns);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO ${table(section)} (${sql.join(names.map((name) => sql.ref(name)))})
      VALUES (${sql.join(names.map((name) => columns[name]))}) RETURNING id
    `.execute(trx);
    const id = rows[0]!.id;
    await writeLinks(trx, id, links);
    const kind = restore ? 'restore' : 'create';
    const created = (await getRow(trx, section, id))!;
    await keepRevision(trx, section, null, created, staffUserId, kind);
    await applyWriteEffects(trx, section, null, created, effects);
    await auditChange(trx, section, id, staffUserId, kind, Object.keys(values));
    return id;
  }
}

export type UpdateResult = { ok: true } | { ok: false; reason: 'conflict' | 'missing'; currentVersion?: number };

/**
 * Optimistic concurrency: the row is written only while it still has the version the form was opened with;
 * otherwise nothing is written and the caller keeps the user's input. The saved state is kept as a version
 * (`kind` `restore` when it brings back an earlier one, docs/revisions.md).
 */
export async function updateRow(
  db: Database,
  section: AnySection,
  id: number,
  version: number | null,
  values: ParsedValues,
  staffUserId: number,
  kind: 'update' | 'restore' = 'update',
  effects: WriteEffects = {},
): Promise<UpdateResult> {
  return db
    .transaction()
    .execute((trx) => updateRowInTransaction(trx, section, id, version, values, staffUserId, kind, effects));
}

/**
 * updateRow inside a transaction the caller holds: a scheduled change is applied in the transaction that marks it
 * applied (docs/product/scheduling.md), kept as a version of kind `scheduled` and audited as `scheduled`.
 */
export async function updateRowInTransaction(
  trx: Transaction<DB>,
  section: AnySection,
  id: number,
  version: number | null,
  values: ParsedValues,
  staffUserId: number | null,
  kind: 'update' | 'restore' | 'scheduled',
  effects: WriteEffects = {},
): Promise<UpdateResult> {
  {
    const before = await getRow(trx, section, id);
    if (!before) return { ok: false, reason: 'missing' };
    if (section.versioned && before.version !== version) {
      return { ok: false, reason: 'conflict', currentVersion: Number(before.version) };
    }
    const { columns, links } = splitValues(section, values);
    await lockChangedSessions(trx, section, before.slot_id, columns.slot_id);
    const changed = Object.keys(values).filter(
      (name) => !sameValue(before[name], columns[name] ?? [...links].find(([field]) => field.name === name)?.[1]),
    );
    const sets = Object.entries(columns).map(([name, value]) => sql`${sql.ref(name)} = ${value}`);
    if (section.versioned) sets.push(sql`version = version + 1`, sql`updated_at = now()`);
    if (sets.length === 0) sets.push(sql`id = id`);
    const versionCheck = section.versioned ? sql`AND version = ${version}` : sql``;
    const { rows } = await sql<{ id: number }>`
      UPDATE ${table(section)} SET ${sql.join(sets)} WHERE id = ${id} ${versionCheck} RETURNING id
    `.execute(trx);
    if (rows.length === 0) return { ok: false, reason: 'conflict' };
    await writeLinks(trx, id, links);
    const after = (await getRow(trx, section, id))!;
    await keepRevision(trx, section, before, after, staffUserId, kind);
    await applyWriteEffects(trx, section, before, after, effects);
    await auditChange(trx, section, id, staffUserId, kind, changed);
    return { ok: true };
  }
}

function sameValue(before: unknown, after: unknown): boolean {
  const normalise = (value: unknown): string => {
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
  section: AnySection,
  id: number,
  value: boolean,
  staffUserId: number,
): Promise<boolean> {
  return db.transaction().execute((trx) => setPublishedInTransaction(trx, section, id, value, staffUserId, false));
}

/** setPublished inside the caller's transaction; `scheduled`: applied by the scheduler, versioned and audited so. */
export async function setPublishedInTransaction(
  trx: Transaction<DB>,
  section: AnySection,
  id: number,
  value: boolean,
  staffUserId: number | null,
  scheduled: boolean,
): Promise<boolean> {
  {
    const before = await getRow(trx, section, id);
    const bump = section.versioned ? sql`, version = version + 1, updated_at = now()` : sql``;
    const { rows } = await sql`
      UPDATE ${table(section)} SET published = ${value}${bump} WHERE id = ${id} RETURNING id
    `.execute(trx);
    if (rows.length === 0) return false;
    const after = (await getRow(trx, section, id))!;
    await keepRevision(trx, section, before, after, staffUserId, scheduled ? 'scheduled' : 'update');
    const action = scheduled ? 'scheduled' : value ? 'publish' : 'unpublish';
    await auditChange(trx, section, id, staffUserId, action, ['published']);
    return true;
  }
}

/**
 * Moves a record one place up or down in the display order. The whole order is renumbered 1…n, so equal or sparse
 * sort_order values from imports still move predictably. Lists are small.
 */
export async function moveRow(
  db: Database,
  section: AnySection,
  id: number,
  direction: 'up' | 'down',
  staffUserId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Lock the table's order against a concurrent move.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`order:${section.table}`}))`.execute(trx);
    const { rows } = await sql<{ id: number; sort_order: number }>`
      SELECT id, sort_order FROM ${table(section)} ORDER BY sort_order, id
    `.execute(trx);
    const index = rows.findIndex((row) => row.id === id);
    const target = direction === 'up' ? index - 1 : index + 1;
    if (index < 0 || target < 0 || target >= rows.length) return false;
    [rows[index], rows[target]] = [rows[target]!, rows[index]!];
    for (const [position, row] of rows.entries()) {
      if (row.sort_order !== position + 1) {
        await sql`UPDATE ${table(section)} SET sort_order = ${position + 1} WHERE id = ${row.id}`.execute(trx);
      }
    }
    await auditChange(trx, section, id, staffUserId, 'move', ['sort_order']);
    return true;
  });
}

export type DeleteResult = 'deleted' | 'missing' | 'referenced';

export async function deleteRow(
  db: Database,
  section: AnySection,
  id: number,
  staffUserId: number,
  effects: WriteEffects = {},
): Promise<DeleteResult> {
  try {
    return await db.transaction().execute((trx) => deleteRowInTransaction(trx, section, id, staffUserId, effects));
  } catch (error) {
    if (isReferenced(error)) return 'referenced';
    throw error;
  }
}

/** 23503: a RESTRICT foreign key (a trend that still has trainings) refused a delete. */
export function isReferenced(error: unknown): boolean {
  return (error as { code?: string }).code === '23503';
}

/** deleteRow inside a transaction the caller holds; a refused delete throws (`isReferenced`). */
export async function deleteRowInTransaction(
  trx: Transaction<DB>,
  section: AnySection,
  id: number,
  staffUserId: number,
  effects: WriteEffects = {},
): Promise<'deleted' | 'missing'> {
  const title = await recordTitle(trx, section, id);
  const before = await getRow(trx, section, id);
  await lockChangedSessions(trx, section, before?.slot_id);
  const { rows } = await sql`DELETE FROM ${table(section)} WHERE id = ${id} RETURNING id`.execute(trx);
  if (!before || rows.length === 0) return 'missing';
  // The last state stays restorable for 30 days (docs/revisions.md).
  await keepRevision(trx, section, null, before, staffUserId, 'delete');
  await applyWriteEffects(trx, section, before, null, effects);
  await recordAudit(trx, { staffUserId, action: 'delete', entity: section.entity, entityId: id, title });
  await announceContentChange(trx, section.entity);
  return 'deleted';
}

/** The option sources a section's form or list needs. */
export function optionSources(section: AnySection): OptionSource[] {
  return section.fields.flatMap((field) => ('source' in field ? [field.source] : []));
}

/**
 * Where the choices of each source but the weekly slots come from: the table, its label column, and whether the
 * choices stand in the staff's own display order (by label otherwise).
 */
const OPTION_TABLES: Record<
  Exclude<OptionSource, 'slots'>,
  { table: string; entity: string; label: string; manualOrder: boolean }
> = {
  gyms: { table: 'gyms', entity: 'gym', label: 'name', manualOrder: true },
  trends: { table: 'trends', entity: 'trend', label: 'title', manualOrder: true },
  trainings: { table: 'trainings', entity: 'training', label: 'title', manualOrder: false },
  coaches: { table: 'coaches', entity: 'coach', label: 'full_name', manualOrder: false },
  cards: { table: 'cards', entity: 'card', label: 'title', manualOrder: true },
};

/** The choices of the form's selects, one query per needed source. */
export async function loadOptions(
  db: Database,
  sources: Iterable<OptionSource>,
  visible?: Visibility,
): Promise<Options> {
  const options: Options = {};
  for (const source of new Set(sources)) {
    if (source === 'slots') {
      options.slots = await slotOptions(db, visible?.('schedule_slot', sql.ref('schedule_slots.id')) ?? null);
      continue;
    }
    const { table, entity, label, manualOrder } = OPTION_TABLES[source];
    const order = manualOrder ? sql`sort_order, id` : sql.ref(label);
    const scope = visible?.(entity, sql.ref(`${table}.id`));
    const { rows } = await sql<{ id: number; label: string }>`
      SELECT id, ${sql.ref(label)} AS label FROM ${sql.table(table)} ${scope ? sql`WHERE ${scope}` : sql``}
      ORDER BY ${order}
    `.execute(db);
    options[source] = rows.map((row) => ({ value: String(row.id), label: row.label }));
  }
  return options;
}
