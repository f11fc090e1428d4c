import { type SqlBool, sql } from 'kysely';
import { SESSION_ACTIONS } from '#app/admin/audit.ts';
import { recordGymZone } from '#app/models/gym.server.ts';
import { recordGymIds } from '#app/models/record-gyms.server.ts';
import type { Database } from '#db/index.ts';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'restore'
  | 'publish'
  | 'unpublish'
  | 'move'
  | 'schedule'
  | 'schedule_edit'
  | 'schedule_cancel'
  | 'scheduled'
  | 'status'
  | 'login'
  | 'logout'
  | 'disable'
  | 'enable'
  | 'password'
  | 'role'
  | 'totp_enable'
  | 'totp_disable'
  | 'totp_reset'
  | 'recovery_codes'
  | 'retry';

/**
 * One row per staff write: who, what, which record (and its name at the time), which fields, when
 * (docs/product/staff.md).
 */
export async function recordAudit(
  db: Database,
  entry: {
    staffUserId: number | null;
    action: AuditAction;
    entity: string;
    entityId: number | null;
    fields?: string[];
    title?: string | null;
    /** The record's gyms; by default read from the record as it is now (a deleted one passes them). */
    gymIds?: number[];
  },
): Promise<void> {
  const title = entry.title === undefined ? await defaultTitle(db, entry.entity, entry.entityId) : entry.title;
  await db
    .insertInto('audit_log')
    .values({
      staff_user_id: entry.staffUserId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      fields: JSON.stringify(entry.fields ?? []),
      title: title ? title.slice(0, 300) : null,
      gym_ids:
        entry.gymIds ??
        (entry.entityId === null
          ? []
          : (recordGymIds(sql.val(entry.entity), sql.val(entry.entityId)) as unknown as number[])),
    })
    .execute();
}

/** The name of a staff member or a bid, for entries about them (content sections pass their own titles). */
async function defaultTitle(db: Database, entity: string, id: number | null): Promise<string | null> {
  if (id === null) return null;
  if (entity === 'staff_user') {
    const user = await db.selectFrom('staff_users').select(['name', 'email']).where('id', '=', id).executeTakeFirst();
    return user ? user.name || user.email : null;
  }
  if (entity === 'bid') {
    const bid = await db.selectFrom('bids').select('name').where('id', '=', id).executeTakeFirst();
    return bid ? `№${id}, ${bid.name}` : null;
  }
  return null;
}

/** An audit entry about a staff account: its creation, password, access or second factor. */
export async function recordStaffUserAudit(
  db: Database,
  actorId: number | null,
  action: AuditAction,
  staffUserId: number,
  fields: string[],
): Promise<void> {
  await recordAudit(db, { staffUserId: actorId, action, entity: 'staff_user', entityId: staffUserId, fields });
}

/** Entities whose entries a manager never sees: staff accounts, notifications (docs/product/roles.md). */
const STAFF_ONLY_ENTITIES = ['staff_user', 'outbox', 'bid'];

/**
 * Audit entries with who made them and the gyms of their record, newest first: the shared base of the audit page and
 * the dashboard. `scope`: a manager's gyms — entries about records of those gyms, and about records shared by all
 * gyms; null: every entry.
 */
export function selectAuditEntries(db: Database, scope: number[] | null = null) {
  return db
    .selectFrom('audit_log')
    .$if(scope !== null, (query) =>
      query.where((eb) =>
        eb.or([
          sql<SqlBool>`audit_log.gym_ids && ${sql`ARRAY[${sql.join([-1, ...scope!])}]::int[]`}`,
          eb.and([
            sql<SqlBool>`cardinality(audit_log.gym_ids) = 0`,
            eb('audit_log.entity', 'not in', STAFF_ONLY_ENTITIES),
          ]),
        ]),
      ),
    )
    .leftJoin('staff_users', 'staff_users.id', 'audit_log.staff_user_id')
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.fields',
      'audit_log.title',
      'audit_log.created_at',
      'staff_users.name as staff_name',
      'staff_users.email as staff_email',
      // Each entry's time is read in its record's gym's zone when it has one (docs/product/staff.md, "Times").
      recordGymZone(sql.ref('audit_log.entity'), sql.ref('audit_log.entity_id')).as('gym_time_zone'),
      // The log names the gyms of each entry's record (docs/product/roles.md).
      sql<string | null>`(SELECT string_agg(g.name, ', ' ORDER BY g.sort_order, g.id) FROM gyms g
        WHERE g.id = ANY(audit_log.gym_ids))`.as('gym_names'),
    ]);
}

export interface AuditFilters {
  /** Entries of this staff member only. */
  staffUserId: number | null;
  /** Entries about this entity only (`coach`, `bid`, `staff_user`). */
  entity: string | null;
  action: string | null;
  /** Include sign-ins and sign-outs. */
  sessions: boolean;
  /** A manager's gyms (see selectAuditEntries); null or absent: every entry. */
  scope?: number[] | null;
}

export const NO_AUDIT_FILTERS: AuditFilters = { staffUserId: null, entity: null, action: null, sessions: false };

export async function listAudit(
  db: Database,
  before: number | null,
  filters: AuditFilters = NO_AUDIT_FILTERS,
  limit = 50,
) {
  let query = selectAuditEntries(db, filters.scope ?? null)
    .orderBy('audit_log.id', 'desc')
    .limit(limit + 1);
  if (before !== null) query = query.where('audit_log.id', '<', before);
  if (filters.staffUserId !== null) query = query.where('audit_log.staff_user_id', '=', filters.staffUserId);
  if (filters.entity !== null) query = query.where('audit_log.entity', '=', filters.entity);
  if (filters.action !== null) query = query.where('audit_log.action', '=', filters.action);
  if (!filters.sessions) query = query.where('audit_log.action', 'not in', [...SESSION_ACTIONS]);
  const rows = await query.execute();
  return { entries: rows.slice(0, limit), nextBefore: rows.length > limit ? rows[limit - 1]!.id : null };
}

/** The staff members who appear in the log, for its person filter (disabled ones too: their past entries count). */
export async function auditPeople(db: Database) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'name', 'email'])
    .where((eb) =>
      eb.exists(
        eb.selectFrom('audit_log').select('audit_log.id').whereRef('audit_log.staff_user_id', '=', 'staff_users.id'),
      ),
    )
    .orderBy('name')
    .orderBy('email')
    .execute();
}
