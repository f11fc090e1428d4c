/**
 * Who may read and change what in the staff area (docs/product/roles.md, ADR 48): the one place that decides.
 *
 * Admins and editors look after every gym. A manager («Менеджер клуба») looks after their gyms: the records that
 * belong only to those gyms are theirs to change; a record shared with other gyms, or by all gyms (trends, trainings,
 * partners, the privacy policy, a card or promo valid everywhere), is read-only for them; a record of other gyms only
 * does not exist for them. Bids belong to their gym.
 *
 * Three ways in, all decided here from the record's gyms (`recordGymIds`, app/models/record-gyms.server.ts):
 *   - `requestDecision`, run by the staff layout's middleware before any loader or action (app/middleware/
 *     access.server.ts), for every `/admin` URL and method;
 *   - `visibleRecords`, the SQL condition every list, option list, export and dashboard figure adds;
 *   - `checkValuesScope`, for the values a create or update would write (a manager cannot move a record to a gym
 *     that is not theirs, nor to all gyms).
 */
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { AnySection } from '#app/admin/section.ts';
import { SECTIONS } from '#app/admin/sections.ts';
import type { StaffIdentity } from '#app/auth/session.server.ts';
import { parseId } from '#app/lib/id.ts';
import { gymIdsOfRecord, recordGymIds } from '#app/models/record-gyms.server.ts';
import type { Database } from '#db/index.ts';

export type Access = 'none' | 'read' | 'write';

/** The entities whose records belong to gyms; every other one is shared by all gyms. */
const GYM_ENTITIES: ReadonlySet<string> = new Set([
  'gym',
  'card',
  'promo',
  'coach',
  'gallery_image',
  'schedule_slot',
  'schedule_change',
  'bid',
]);

/** The gyms a member looks after, or null for every gym (admins, editors). */
export function managedGyms(staff: Pick<StaffIdentity, 'role' | 'gymIds'>): number[] | null {
  return staff.role === 'manager' ? (staff.gymIds ?? []) : null;
}

export function isManager(staff: Pick<StaffIdentity, 'role'>): boolean {
  return staff.role === 'manager';
}

/** The decision for a record of `entity` that belongs to `gyms` (empty: shared by all gyms). */
export function accessFromGyms(entity: string, gyms: readonly number[], mine: readonly number[] | null): Access {
  if (mine === null) return 'write';
  if (!GYM_ENTITIES.has(entity)) return 'read';
  if (gyms.length === 0) return entity === 'bid' ? 'none' : 'read';
  const own = gyms.filter((gym) => mine.includes(gym)).length;
  if (own === gyms.length) return 'write';
  return own > 0 ? 'read' : 'none';
}

/** Whether a member may add records to a section: shared sections are read-only for managers, gyms are added by admins. */
export function canCreate(staff: StaffIdentity, section: AnySection): boolean {
  if (!isManager(staff)) return true;
  return GYM_ENTITIES.has(section.entity) && section.entity !== 'gym' && !section.singleton;
}

/** Whether a member may change records of a section at all (per record, `recordAccess` decides). */
export function canWriteSection(staff: StaffIdentity, section: AnySection): boolean {
  return !isManager(staff) || (GYM_ENTITIES.has(section.entity) && !section.singleton);
}

/** Reordering a hand-ordered list moves everyone's records: not for managers. */
export function canReorder(staff: StaffIdentity): boolean {
  return !isManager(staff);
}

export async function recordAccess(db: Database, staff: StaffIdentity, entity: string, id: number): Promise<Access> {
  const mine = managedGyms(staff);
  if (mine === null) return 'write';
  return accessFromGyms(entity, await gymIdsOfRecord(db, entity, id), mine);
}

/**
 * recordAccess for a record of a section, deleted ones included: a deleted record's gyms are read from its last
 * version (its links are gone with it), so its history and «Удалённые» entry stay as private as the record was.
 */
export async function sectionRecordAccess(
  db: Database,
  staff: StaffIdentity,
  section: AnySection,
  id: number,
): Promise<Access> {
  const mine = managedGyms(staff);
  if (mine === null) return 'write';
  const { rows } = await sql`SELECT 1 FROM ${sql.table(section.table)} WHERE id = ${id}`.execute(db);
  if (rows.length > 0) return recordAccess(db, staff, section.entity, id);
  const last = await db
    .selectFrom('content_revisions')
    .select('data')
    .where('section', '=', section.key)
    .where('record_id', '=', id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return 'none';
  const data = (typeof last.data === 'string' ? JSON.parse(last.data) : last.data) as Record<string, unknown>;
  const access = accessFromGyms(section.entity, await gymsOfDeleted(db, section, id, data), mine);
  // Bringing a record back is a change; one that was shared stays the admins' and editors' to restore.
  return access;
}

function gymArray(ids: readonly number[]) {
  return ids.length ? sql`ARRAY[${sql.join(ids.map((id) => sql`${id}::int`))}]::int[]` : sql`'{}'::int[]`;
}

/**
 * SQL: whether the record `entity`/`id` (expressions of the outer query) is one the member may see; null when they
 * see everything. Shared records are visible (read-only); bids without a gym are not.
 */
export function visibleRecords(
  staff: StaffIdentity,
  entity: string | Expression<string>,
  id: Expression<number | null>,
): RawBuilder<boolean> | null {
  const mine = managedGyms(staff);
  if (mine === null) return null;
  const entityExpression = typeof entity === 'string' ? sql.val(entity) : entity;
  const gyms = recordGymIds(entityExpression, id);
  if (typeof entity === 'string' && !GYM_ENTITIES.has(entity)) return null;
  if (entity === 'bid') return sql<boolean>`(${gyms} && ${gymArray(mine)})`;
  return sql<boolean>`(${gyms} && ${gymArray(mine)} OR cardinality(${gyms}) = 0)`;
}

/** SQL: a bid (its `gym_id` column expression) is one the member may see; null when they see every bid. */
export function visibleBids(staff: StaffIdentity, gymColumn: Expression<number | null>): RawBuilder<boolean> | null {
  const mine = managedGyms(staff);
  if (mine === null) return null;
  return sql<boolean>`(${gymColumn} = ANY(${gymArray(mine)}))`;
}

/** The gyms the values of a form would give a record of `section` (null: the section has no gyms). */
async function gymsOfValues(
  db: Database,
  section: AnySection,
  values: Record<string, unknown>,
  recordId: number | null,
): Promise<{ gyms: number[]; field: string } | null> {
  if (section.entity === 'gym') return { gyms: recordId === null ? [] : [recordId], field: 'name' };
  for (const field of section.fields) {
    const value = values[field.name];
    if (field.kind === 'references' && field.source === 'gyms') {
      return { gyms: (Array.isArray(value) ? value : []).map(Number), field: field.name };
    }
    if (field.kind === 'reference' && field.source === 'gyms') {
      const id = typeof value === 'number' ? value : parseId(String(value ?? ''));
      return { gyms: id === null ? [] : [id], field: field.name };
    }
    if (field.kind === 'reference' && field.source === 'slots') {
      const id = typeof value === 'number' ? value : parseId(String(value ?? ''));
      return { gyms: id === null ? [] : await gymIdsOfRecord(db, 'schedule_slot', id), field: field.name };
    }
  }
  return null;
}

/**
 * A manager's create or update must leave the record in their gyms only: a gym of someone else, or none (all
 * gyms), is a Russian message beside the field and nothing is stored. Others are not limited.
 */
export async function checkValuesScope(
  db: Database,
  staff: StaffIdentity,
  section: AnySection,
  values: Record<string, unknown>,
  recordId: number | null,
  errors: Record<string, string>,
): Promise<void> {
  const mine = managedGyms(staff);
  if (mine === null) return;
  const given = await gymsOfValues(db, section, values, recordId);
  if (!given) return;
  if (given.gyms.length === 0) {
    errors[given.field] ??= 'Выберите свой зал: запись для всех залов может добавить администратор или редактор';
  } else if (given.gyms.some((gym) => !mine.includes(gym))) {
    errors[given.field] ??= 'Можно выбрать только свои залы';
  }
}

/** The gyms of a deleted record, from its last version (a restore is a change of that record). */
export async function gymsOfDeleted(
  db: Database,
  section: AnySection,
  recordId: number,
  data: Record<string, unknown>,
): Promise<number[]> {
  return (await gymsOfValues(db, section, data, recordId))?.gyms ?? [];
}

export type Decision = { ok: true } | { ok: false; status: 403 | 404; message: string };

const OK: Decision = { ok: true };
const NOT_FOUND: Decision = { ok: false, status: 404, message: 'Запись не найдена' };
const READ_ONLY: Decision = {
  ok: false,
  status: 403,
  message: 'Эту запись менеджер клуба может только просматривать: она относится и к другим залам',
};

/** The section and record a content version or a scheduled change is about; null when there is none. */
async function targetOf(db: Database, table: 'content_revisions' | 'scheduled_changes', id: number | null) {
  if (id === null) return null;
  const row = await db.selectFrom(table).select(['section', 'record_id']).where('id', '=', id).executeTakeFirst();
  const section = row ? SECTIONS.find((candidate) => candidate.key === row.section) : undefined;
  return row && section ? { section, recordId: row.record_id } : null;
}

/** The section of a staff path below `/admin/` and the rest of the path (`12/history`). */
function sectionOfPath(path: string): { section: AnySection; rest: string[] } | null {
  const sorted = [...SECTIONS].sort((a, b) => b.key.length - a.key.length);
  for (const section of sorted) {
    if (path === section.key || path.startsWith(`${section.key}/`)) {
      return { section, rest: path.slice(section.key.length).split('/').filter(Boolean) };
    }
  }
  return null;
}

/**
 * The decision for one staff request, before any loader or action runs. `formId` reads the `id` field of a POST
 * (the list's publish and move buttons). Lists themselves are filtered by `visibleRecords` in their queries.
 */
export async function requestDecision(
  db: Database,
  staff: StaffIdentity,
  method: string,
  pathname: string,
  formFields: () => Promise<{ id: number | null; intent: string | null; revision: number | null }>,
  search: URLSearchParams = new URLSearchParams(),
): Promise<Decision> {
  if (!isManager(staff)) return OK;
  const write = method !== 'GET' && method !== 'HEAD';
  const path = pathname
    .replace(/^\/admin\/?/, '')
    .replace(/\.data$/, '')
    .replace(/\/$/, '');
  const [first, second] = path.split('/');
  if (first === 'staff') return { ok: false, status: 403, message: 'Доступ только для администраторов' };
  // The dashboard's only action sends given-up notifications again: the admins' and editors' work.
  if (first === '' && write) {
    return { ok: false, status: 403, message: 'Уведомления отправляет ещё раз администратор или редактор' };
  }
  if (first === 'deleted' && write) {
    // Restoring is a change of the deleted record: decided from its last version.
    const { revision: revisionId } = await formFields();
    const target = await targetOf(db, 'content_revisions', revisionId);
    if (!target) return NOT_FOUND;
    const access = await sectionRecordAccess(db, staff, target.section, target.recordId);
    if (access === 'none') return NOT_FOUND;
    return access === 'write' ? OK : READ_ONLY;
  }
  // The report counts every gym's bids (docs/product/report.md): the admins' and editors'.
  if (first === 'report' || first === 'report.csv') {
    return { ok: false, status: 403, message: 'Отчёт смотрят администраторы и редакторы' };
  }
  // A session's roster belongs to its slot's gym; without a slot the page answers its own 404.
  if (first === 'roster') {
    const slot = parseId(search.get('slot'));
    if (slot === null) return OK;
    const access = await recordAccess(db, staff, 'schedule_slot', slot);
    if (access === 'none') return NOT_FOUND;
    return write && access !== 'write' ? READ_ONLY : OK;
  }
  if (first === 'bids' && second && second !== 'export.csv') {
    const id = parseId(second);
    return id !== null && (await recordAccess(db, staff, 'bid', id)) !== 'none' ? OK : NOT_FOUND;
  }
  if (first === 'scheduled' && second) {
    const target = await targetOf(db, 'scheduled_changes', parseId(second));
    if (!target) return NOT_FOUND;
    const access = await recordAccess(db, staff, target.section.entity, target.recordId);
    if (access === 'none') return NOT_FOUND;
    return write && access !== 'write' ? READ_ONLY : OK;
  }
  const found = sectionOfPath(path);
  if (!found) return OK;
  const { section, rest } = found;
  if (section.singleton) return write ? READ_ONLY : OK;
  if (rest.length === 0) {
    if (!write) return OK;
    const { id, intent } = await formFields();
    if ((intent === 'up' || intent === 'down') && !canReorder(staff)) {
      return { ok: false, status: 403, message: 'Порядок в списке меняет администратор или редактор' };
    }
    if (id === null) return NOT_FOUND;
    const access = await recordAccess(db, staff, section.entity, id);
    if (access === 'none') return NOT_FOUND;
    return access === 'write' ? OK : READ_ONLY;
  }
  if (rest[0] === 'new') {
    return canCreate(staff, section)
      ? OK
      : { ok: false, status: 403, message: 'Такие записи добавляет администратор или редактор' };
  }
  const id = parseId(rest[0]);
  if (id === null) return OK;
  const access = await sectionRecordAccess(db, staff, section, id);
  if (access === 'none') return NOT_FOUND;
  return write && access !== 'write' ? READ_ONLY : OK;
}

/** `visibleRecords` for one member, in the shape the content model takes (models/admin/content.server.ts). */
export function visibilityOf(staff: StaffIdentity) {
  return (entity: string, id: Expression<number>) => visibleRecords(staff, entity, id);
}
