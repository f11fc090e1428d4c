import type { Database } from '#db/index.ts';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'restore'
  | 'publish'
  | 'unpublish'
  | 'move'
  | 'status'
  | 'login'
  | 'logout'
  | 'disable'
  | 'enable'
  | 'password'
  | 'totp_enable'
  | 'totp_disable'
  | 'totp_reset'
  | 'recovery_codes';

/** One row per staff write: who, what, which record, which fields, when (docs/product/staff.md). */
export async function recordAudit(
  db: Database,
  entry: {
    staffUserId: number | null;
    action: AuditAction;
    entity: string;
    entityId: number | null;
    fields?: string[];
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      staff_user_id: entry.staffUserId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      fields: JSON.stringify(entry.fields ?? []),
    })
    .execute();
}

/** Audit entries with who made them, newest first: the shared base of the audit page and the dashboard. */
export function selectAuditEntries(db: Database) {
  return db
    .selectFrom('audit_log')
    .leftJoin('staff_users', 'staff_users.id', 'audit_log.staff_user_id')
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.fields',
      'audit_log.created_at',
      'staff_users.name as staff_name',
      'staff_users.email as staff_email',
    ]);
}

export async function listAudit(db: Database, before: number | null, limit = 50) {
  let query = selectAuditEntries(db)
    .orderBy('audit_log.id', 'desc')
    .limit(limit + 1);
  if (before !== null) query = query.where('audit_log.id', '<', before);
  const rows = await query.execute();
  return { entries: rows.slice(0, limit), nextBefore: rows.length > limit ? rows[limit - 1]!.id : null };
}
