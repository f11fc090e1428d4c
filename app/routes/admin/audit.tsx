import { Link } from 'react-router';
import { AuditList } from '#app/components/admin/AuditList.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { getDb } from '#app/infra/services.server.ts';
import { adminTitle } from '#app/lib/admin-sections.ts';
import { listAudit } from '#app/models/audit.server.ts';
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
