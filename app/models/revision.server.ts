/**
 * All SQL of record versions (docs/revisions.md): every save of a content record keeps the record's values, a delete
 * keeps the last ones, and old versions are pruned by age while the newest of each record stay.
 */
import { sql } from 'kysely';
import {
  changedFields,
  DEFAULT_REVISIONS_KEEP_DAYS,
  DELETED_KEEP_DAYS,
  POSITION_KEY,
  REVISIONS_KEEP_LATEST,
  type RevisionData,
  revisionData,
} from '#app/admin/revisions.ts';
import type { AnySection } from '#app/admin/section.ts';
import type { Database } from '#db/index.ts';
import type { RevisionKind } from '#db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Revision {
  id: number;
  section: string;
  recordId: number;
  kind: RevisionKind;
  data: RevisionData;
  staffName: string;
  createdAt: Date;
}

function selectRevisions(db: Database) {
  return db
    .selectFrom('content_revisions')
    .leftJoin('staff_users', 'staff_users.id', 'content_revisions.staff_user_id')
    .select([
      'content_revisions.id',
      'content_revisions.section',
      'content_revisions.record_id',
      'content_revisions.kind',
      'content_revisions.data',
      'content_revisions.staff_name',
      'content_revisions.created_at',
      'staff_users.email as staff_email',
    ]);
}

type RevisionRow = Awaited<ReturnType<ReturnType<typeof selectRevisions>['executeTakeFirstOrThrow']>>;

function toRevision(row: RevisionRow): Revision {
  const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
  return {
    id: row.id,
    section: row.section,
    recordId: row.record_id,
    kind: row.kind,
    data,
    staffName: row.staff_name || row.staff_email || '',
    createdAt: new Date(row.created_at),
  };
}

async function insertRevision(
  db: Database,
  entry: {
    section: string;
    recordId: number;
    kind: RevisionKind;
    data: RevisionData;
    staffUserId: number | null;
    createdAt?: Date;
  },
) {
  const staff =
    entry.staffUserId === null
      ? undefined
      : await db.selectFrom('staff_users').select('name').where('id', '=', entry.staffUserId).executeTakeFirst();
  await db
    .insertInto('content_revisions')
    .values({
      section: entry.section,
      record_id: entry.recordId,
      kind: entry.kind,
      data: JSON.stringify(entry.data),
      staff_user_id: staff ? entry.staffUserId : null,
      staff_name: staff?.name ?? '',
      ...(entry.createdAt ? { created_at: entry.createdAt } : {}),
    })
    .execute();
}

/**
 * Keeps the state of a record after a write. `before` is its state before the write (null for a new record): a
 * record last saved before versions were kept gets that state first, as its `initial` version, so its history
 * starts from what was there. An update that changed no field adds nothing.
 */
export async function keepRevision(
  db: Database,
  section: AnySection,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> & { id: number },
  staffUserId: number | null,
  kind: Exclude<RevisionKind, 'initial'>,
): Promise<void> {
  const data = revisionData(section, after);
  // A deleted record of a hand-ordered list remembers its place, so a restore puts it back there.
  if (kind === 'delete' && section.order === 'manual') data[POSITION_KEY] = Number(after.sort_order);
  if (before) {
    const previous = revisionData(section, before);
    if (!(await hasRevisions(db, section.key, after.id))) {
      const savedAt = before.updated_at ?? before.created_at;
      await insertRevision(db, {
        section: section.key,
        recordId: after.id,
        kind: 'initial',
        data: previous,
        staffUserId: null,
        createdAt: savedAt instanceof Date || typeof savedAt === 'string' ? new Date(savedAt) : undefined,
      });
    }
    if (kind === 'update' && changedFields(section, previous, data).length === 0) return;
  }
  await insertRevision(db, { section: section.key, recordId: after.id, kind, data, staffUserId });
}

export async function hasRevisions(db: Database, section: string, recordId: number): Promise<boolean> {
  const row = await db
    .selectFrom('content_revisions')
    .select('id')
    .where('section', '=', section)
    .where('record_id', '=', recordId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A record's versions, newest first. */
export async function listRevisions(db: Database, section: string, recordId: number, limit = 200) {
  const rows = await selectRevisions(db)
    .where('content_revisions.section', '=', section)
    .where('content_revisions.record_id', '=', recordId)
    .orderBy('content_revisions.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRevision);
}

export async function getRevision(db: Database, id: number): Promise<Revision | null> {
  const row = await selectRevisions(db).where('content_revisions.id', '=', id).executeTakeFirst();
  return row ? toRevision(row) : null;
}

/** The newest version of a record, or null. */
export async function latestRevision(db: Database, section: string, recordId: number): Promise<Revision | null> {
  const row = await selectRevisions(db)
    .where('content_revisions.section', '=', section)
    .where('content_revisions.record_id', '=', recordId)
    .orderBy('content_revisions.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRevision(row) : null;
}

/** The newest version of each record, when that version is its delete: the records that can still be restored. */
function lastDeletes(db: Database) {
  return db
    .selectFrom('content_revisions')
    .distinctOn(['section', 'record_id'])
    .select(['id', 'section', 'record_id', 'kind', 'created_at'])
    .orderBy('section')
    .orderBy('record_id')
    .orderBy('id', 'desc');
}

/** Records deleted within the last 30 days (of one section, if given), newest delete first. */
export async function listDeleted(db: Database, now: Date, section?: string, limit = 200): Promise<Revision[]> {
  const since = new Date(now.getTime() - DELETED_KEEP_DAYS * DAY_MS);
  let query = selectRevisions(db)
    .where('content_revisions.id', 'in', db.selectFrom(lastDeletes(db).as('last')).select('last.id'))
    .where('content_revisions.kind', '=', 'delete')
    .where('content_revisions.created_at', '>=', since);
  if (section) query = query.where('content_revisions.section', '=', section);
  const rows = await query.orderBy('content_revisions.id', 'desc').limit(limit).execute();
  return rows.map(toRevision);
}

function prunable(_db: Database, now: Date, keepDays: number, record?: { section: string; recordId: number }) {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS);
  const scope = record ? sql`WHERE section = ${record.section} AND record_id = ${record.recordId}` : sql``;
  return sql<{ id: number }>`
    SELECT id FROM (
      SELECT id, created_at,
        row_number() OVER (PARTITION BY section, record_id ORDER BY id DESC) AS position
      FROM content_revisions ${scope}
    ) ranked
    WHERE position > ${REVISIONS_KEEP_LATEST} AND created_at < ${cutoff}
  `;
}

/**
 * Drops versions older than `keepDays` beyond the newest 20 of each record, and every version of a record deleted
 * more than 30 days ago. Returns how many were dropped. Cheap enough to run at start-up and on a timer.
 */
export async function pruneRevisions(
  db: Database,
  now: Date,
  keepDays: number = DEFAULT_REVISIONS_KEEP_DAYS,
): Promise<number> {
  const deletedBefore = new Date(now.getTime() - DELETED_KEEP_DAYS * DAY_MS);
  const old = await sql`DELETE FROM content_revisions WHERE id IN (${prunable(db, now, keepDays)})`.execute(db);
  const gone = await sql`
    DELETE FROM content_revisions AS revision
    USING (
      SELECT DISTINCT ON (section, record_id) section, record_id, kind, created_at
      FROM content_revisions ORDER BY section, record_id, id DESC
    ) AS last
    WHERE revision.section = last.section AND revision.record_id = last.record_id
      AND last.kind = 'delete' AND last.created_at < ${deletedBefore}
  `.execute(db);
  return Number(old.numAffectedRows ?? 0) + Number(gone.numAffectedRows ?? 0);
}

/** The same age rule for one record, after its save: keeps a busy record's history short without a timer. */
export async function pruneRecordRevisions(
  db: Database,
  section: string,
  recordId: number,
  now: Date,
  keepDays: number = DEFAULT_REVISIONS_KEEP_DAYS,
): Promise<number> {
  const result = await sql`
    DELETE FROM content_revisions WHERE id IN (${prunable(db, now, keepDays, { section, recordId })})
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
