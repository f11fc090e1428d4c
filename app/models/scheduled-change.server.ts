/**
 * The `scheduled_changes` table (docs/product/scheduling.md): a content record's publication, its removal from the
 * site or a whole new version, due at a moment. Pending rows are those neither applied nor cancelled; the worker
 * (services/scheduled-changes.server.ts) claims one at a time with FOR UPDATE SKIP LOCKED, so any number of instances
 * apply each row exactly once.
 */
import { sql, type Transaction, type UpdateObject } from 'kysely';
import { recordAudit } from '#app/models/audit.server.ts';
import { countRows } from '#app/models/count.server.ts';
import type { Database } from '#db/index.ts';
import type { DB, ScheduledAction } from '#db/schema.ts';

/** A pending change this late is overdue: shown on the dashboard and counted in /metrics. */
export const OVERDUE_AFTER_MS = 2 * 60 * 1000;

export interface NewScheduledChange {
  section: string;
  entity: string;
  recordId: number;
  action: ScheduledAction;
  data: Record<string, unknown> | null;
  dueAt: Date;
  title: string | null;
  staffUserId: number;
}

/** Keeps a change for later and audits it under the record. */
export async function scheduleChange(db: Database, change: NewScheduledChange): Promise<number> {
  const row = await db
    .insertInto('scheduled_changes')
    .values({
      section: change.section,
      record_id: change.recordId,
      action: change.action,
      data: change.data === null ? null : JSON.stringify(change.data),
      due_at: change.dueAt,
      title: change.title,
      created_by: change.staffUserId,
      updated_by: change.staffUserId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(db, {
    staffUserId: change.staffUserId,
    action: 'schedule',
    entity: change.entity,
    entityId: change.recordId,
    fields: change.action === 'update' ? Object.keys(change.data ?? {}) : ['published'],
    title: change.title,
  });
  return row.id;
}

const columns = [
  'c.id',
  'c.section',
  'c.record_id',
  'c.action',
  'c.data',
  'c.due_at',
  'c.title',
  'c.created_at',
  'c.updated_at',
  'c.applied_at',
  'c.cancelled_at',
  'c.failure',
  'author.name as created_by_name',
  'editor.name as updated_by_name',
] as const;

function withNames(db: Database) {
  return db
    .selectFrom('scheduled_changes as c')
    .leftJoin('staff_users as author', 'author.id', 'c.created_by')
    .leftJoin('staff_users as editor', 'editor.id', 'c.updated_by')
    .select([...columns]);
}

export type ScheduledChangeRow = Awaited<ReturnType<typeof getScheduledChange>> & {};

export async function getScheduledChange(db: Database, id: number) {
  return withNames(db).where('c.id', '=', id).executeTakeFirst();
}

/** Pending changes soonest first; with `recent`, the ones applied or cancelled in the last `recentDays` instead. */
export async function listScheduledChanges(db: Database, options: { recent?: boolean; recentDays?: number } = {}) {
  const query = withNames(db);
  if (options.recent) {
    const since = sql<Date>`now() - ${`${options.recentDays ?? 14} days`}::interval`;
    return query
      .where((eb) =>
        eb.or([
          eb.and([eb('c.applied_at', 'is not', null), eb('c.applied_at', '>=', since)]),
          eb.and([eb('c.cancelled_at', 'is not', null), eb('c.cancelled_at', '>=', since)]),
        ]),
      )
      .orderBy(sql`coalesce(c.applied_at, c.cancelled_at)`, 'desc')
      .limit(100)
      .execute();
  }
  return query
    .where('c.applied_at', 'is', null)
    .where('c.cancelled_at', 'is', null)
    .orderBy('c.due_at')
    .orderBy('c.id')
    .limit(500)
    .execute();
}

/** The pending changes of one record, soonest first (its edit page names them). */
export async function pendingChangesOf(db: Database, section: string, recordId: number) {
  return withNames(db)
    .where('c.section', '=', section)
    .where('c.record_id', '=', recordId)
    .where('c.applied_at', 'is', null)
    .where('c.cancelled_at', 'is', null)
    .orderBy('c.due_at')
    .execute();
}

/** Sets `values` on change `id` while it is still pending; the record it is about, or undefined when no longer pending. */
function updatePendingChange(trx: Transaction<DB>, id: number, values: UpdateObject<DB, 'scheduled_changes'>) {
  return trx
    .updateTable('scheduled_changes')
    .set(values)
    .where('id', '=', id)
    .where('applied_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .returning(['record_id', 'title'])
    .executeTakeFirst();
}

type ScheduledChangeEdit = { dueAt: Date; data?: Record<string, unknown>; staffUserId: number; entity: string };

/** Moves a pending change to another moment (and for an update, replaces its version); false when no longer pending. */
export async function updateScheduledChange(db: Database, id: number, change: ScheduledChangeEdit): Promise<boolean> {
  return db.transaction().execute((trx) => updateScheduledChangeInTransaction(trx, id, change));
}

/** `updateScheduledChange` inside a caller's transaction (the save of a record's scheduled version). */
export async function updateScheduledChangeInTransaction(
  trx: Transaction<DB>,
  id: number,
  change: ScheduledChangeEdit,
): Promise<boolean> {
  const row = await updatePendingChange(trx, id, {
    due_at: change.dueAt,
    updated_by: change.staffUserId,
    updated_at: sql<Date>`now()`,
    ...(change.data ? { data: JSON.stringify(change.data) } : {}),
  });
  if (!row) return false;
  await recordAudit(trx, {
    staffUserId: change.staffUserId,
    action: 'schedule_edit',
    entity: change.entity,
    entityId: row.record_id,
    fields: change.data ? Object.keys(change.data) : [],
    title: row.title,
  });
  return true;
}

/** Cancels a pending change; false when it was applied or cancelled meanwhile. */
export async function cancelScheduledChange(
  db: Database,
  id: number,
  staffUserId: number,
  entity: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await updatePendingChange(trx, id, { cancelled_at: sql<Date>`now()`, cancelled_by: staffUserId });
    if (!row) return false;
    await recordAudit(trx, {
      staffUserId,
      action: 'schedule_cancel',
      entity,
      entityId: row.record_id,
      title: row.title,
    });
    return true;
  });
}

/**
 * The next pending change due at `now`, locked for the caller's transaction; rows another instance holds are
 * skipped, and a row it has applied is no longer pending when this one looks.
 */
export async function claimDueChange(trx: Transaction<DB>, now: Date) {
  return trx
    .selectFrom('scheduled_changes')
    .selectAll()
    .where('applied_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function markChangeApplied(db: Database, id: number, now: Date, failure: string | null = null) {
  await db
    .updateTable('scheduled_changes')
    .set({ applied_at: now, failure })
    .where('id', '=', id)
    .where('applied_at', 'is', null)
    .execute();
}

/** Pending changes due more than OVERDUE_AFTER_MS before `now`: the worker is not running or keeps failing. */
export function countOverdueChanges(db: Database, now: Date): Promise<number> {
  return countRows(
    db
      .selectFrom('scheduled_changes')
      .where('applied_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('due_at', '<', new Date(now.getTime() - OVERDUE_AFTER_MS)),
  );
}

/** Drops the pending changes of a deleted record: nothing is left to change. */
export async function cancelChangesOfRecord(db: Database, section: string, recordId: number) {
  await db
    .updateTable('scheduled_changes')
    .set({ cancelled_at: sql<Date>`now()`, failure: 'Запись удалена' })
    .where('section', '=', section)
    .where('record_id', '=', recordId)
    .where('applied_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .execute();
}
