import { Link } from 'react-router';
import { describeAudit } from '#app/admin/audit.ts';
import { StaffTime } from '#app/components/admin/StaffTime.tsx';

export interface AuditEntryView {
  id: number;
  action: string;
  entity: string;
  entity_id: number | null;
  fields: string[];
  title?: string | null;
  created_at: Date | string;
  /** The zone of the record's gym, when it has one; else the network's zone is used. */
  gym_time_zone?: string | null;
  staff_name: string | null;
  staff_email: string | null;
  /** The gyms of the record when the entry was written (docs/product/roles.md). */
  gym_names?: string | null;
}

/** Log lines: «Анна Ковалёва — изменение: тренер «Дмитрий Волков» (должность, описание)» (app/admin/audit.ts). */
export function AuditList({ entries, empty = 'Изменений пока нет.' }: { entries: AuditEntryView[]; empty?: string }) {
  if (entries.length === 0) return <p className="admin-muted">{empty}</p>;
  return (
    <ul className="admin-audit">
      {entries.map((entry) => {
        const line = describeAudit({ ...entry, title: entry.title ?? null });
        return (
          <li key={entry.id} className="admin-audit__entry">
            <span className="admin-muted admin-audit__time">
              <StaffTime value={entry.created_at} zone={entry.gym_time_zone} />
            </span>{' '}
            <span className="admin-audit__text">
              <strong>{entry.staff_name || entry.staff_email || 'Система'}</strong> — {line.action}
              {line.item ? <>: {line.href ? <Link to={line.href}>{line.item}</Link> : line.item}</> : null}
              {line.details ? <span className="admin-muted"> ({line.details})</span> : null}
              {entry.gym_names ? <span className="admin-muted"> · {entry.gym_names}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
