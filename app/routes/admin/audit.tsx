import { Link } from 'react-router';
import { AuditList } from '~/components/admin/AuditList';
import { Heading } from '~/components/Heading';
import { listAudit } from '~/models/admin/staff.server';
import { adminTitle } from '~/utils/admin-sections';
import { getDb } from '~/utils/services.server';
import type { Route } from './+types/audit';

export async function loader({ context, url }: Route.LoaderArgs) {
  const before = url.searchParams.get('before') ?? '';
  return listAudit(getDb(context), /^\d{1,10}$/.test(before) ? Number(before) : null);
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle('Журнал изменений') }];

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-section">
      <Heading level={1}>Журнал изменений</Heading>
      <AuditList entries={loaderData.entries} />
      {loaderData.nextBefore !== null ? (
        <nav className="admin-pagination" aria-label="Страницы">
          <Link to={`/admin/audit?before=${loaderData.nextBefore}`}>Раньше →</Link>
        </nav>
      ) : null}
    </section>
  );
}
