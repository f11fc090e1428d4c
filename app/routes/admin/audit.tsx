import { Link } from 'react-router';
import { adminTitle } from '#app/admin/nav.ts';
import { AuditList } from '#app/components/admin/AuditList.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { getDb } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { listAudit } from '#app/models/audit.server.ts';
import type { Route } from './+types/audit';

export async function loader({ context, url }: Route.LoaderArgs) {
  return listAudit(getDb(context), parseId(url.searchParams.get('before')));
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
