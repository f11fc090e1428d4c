import { Link } from 'react-router';
import { AUDIT_ACTION_LABELS, auditEntityLabel, auditLink } from '#app/admin/audit.ts';
import { formatDateTime } from '#app/lib/format.ts';

export interface AuditEntryView {
  id: number;
  action: string;
  entity: string;
  entity_id: number | null;
  fields: string[];
  created_at: Date | string;
  staff_name: string | null;
  staff_email: string | null;
}

export function AuditList({ entries }: { entries: AuditEntryView[] }) {
  if (entries.length === 0) return <p className="admin-muted">Изменений пока нет.</p>;
  return (
    <ul className="admin-audit">
      {entries.map((entry) => {
        const href = entry.action === 'delete' ? null : auditLink(entry.entity, entry.entity_id);
        const what = `${auditEntityLabel(entry.entity)}${entry.entity_id !== null ? ` №${entry.entity_id}` : ''}`;
        return (
          <li key={entry.id}>
            <span className="admin-muted">{formatDateTime(entry.created_at)}</span>{' '}
            <strong>{entry.staff_name || entry.staff_email || 'система'}</strong>{' '}
            {AUDIT_ACTION_LABELS[entry.action] ?? entry.action} {href ? <Link to={href}>{what}</Link> : what}
            {entry.fields.length && entry.action === 'update' ? (
              <span className="admin-muted"> · поля: {entry.fields.join(', ')}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
