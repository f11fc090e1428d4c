import type { Database } from '#db/index.ts';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
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

/** One row per staff write: who, what, which record, which fields, when (issue 4, item 6). */
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
