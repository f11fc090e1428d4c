import { Link } from 'react-router';
import { AUDIT_ACTION_CHOICES, AUDIT_ENTITY_CHOICES } from '#app/admin/audit.ts';
import { adminTitle } from '#app/admin/nav.ts';
import { getStaff } from '#app/auth/staff.server.ts';
import { AuditList } from '#app/components/admin/AuditList.tsx';
import { FilterForm } from '#app/components/admin/FilterForm.tsx';
import { FilterSelect } from '#app/components/admin/FilterSelect.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { getDb } from '#app/infra/services.server.ts';
import { parseId } from '#app/lib/id.ts';
import { type AuditFilters, auditPeople, listAudit } from '#app/models/audit.server.ts';
import { managedGyms } from '#app/services/access.server.ts';
import type { Route } from './+types/audit';

/** Reads the log's GET filters leniently: an unknown value means "all" (docs/product/staff.md). */
function readFilters(params: URLSearchParams): AuditFilters {
  const entity = params.get('section') ?? '';
  const action = params.get('kind') ?? '';
  return {
    staffUserId: parseId(params.get('person')),
    entity: AUDIT_ENTITY_CHOICES.some((choice) => choice.value === entity) ? entity : null,
    action: AUDIT_ACTION_CHOICES.some((choice) => choice.value === action) ? action : null,
    sessions: params.get('sessions') === '1',
  };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const filters = readFilters(url.searchParams);
  // A manager reads the entries of their gyms' records and of shared ones (docs/product/roles.md).
  const scope = managedGyms(getStaff(context));
  const [list, people] = await Promise.all([
    listAudit(db, parseId(url.searchParams.get('before')), { ...filters, scope }),
    auditPeople(db),
  ]);
  return {
    ...list,
    filters,
    people: people.map((person) => ({ value: String(person.id), label: person.name || person.email })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle('Журнал изменений') }];

/** The query string of the current filters, for the next page's link. */
function filterSearch(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.staffUserId !== null) params.set('person', String(filters.staffUserId));
  if (filters.entity) params.set('section', filters.entity);
  if (filters.action) params.set('kind', filters.action);
  if (filters.sessions) params.set('sessions', '1');
  return params;
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { entries, nextBefore, filters, people } = loaderData;
  const next = filterSearch(filters);
  if (nextBefore !== null) next.set('before', String(nextBefore));
  const filtered = filterSearch(filters).size > 0;
  return (
    <section className="admin-section">
      <Heading level={1}>Журнал изменений</Heading>
      <FilterForm label="Фильтры журнала" resetTo={filtered ? '/admin/audit' : undefined}>
        <FilterSelect label="Сотрудник" name="person" value={filters.staffUserId} options={people} />
        <FilterSelect label="Раздел" name="section" value={filters.entity} options={AUDIT_ENTITY_CHOICES} />
        <FilterSelect label="Действие" name="kind" value={filters.action} options={AUDIT_ACTION_CHOICES} />
        <label className="admin-filters__check">
          <input type="checkbox" name="sessions" value="1" defaultChecked={filters.sessions} />
          <span>Показывать входы и выходы</span>
        </label>
      </FilterForm>
      <AuditList entries={entries} empty={filtered ? 'Под эти условия записей нет.' : 'Изменений пока нет.'} />
      {nextBefore !== null ? (
        <nav className="admin-pagination" aria-label="Страницы">
          <Link to={`/admin/audit?${next}`}>Раньше →</Link>
        </nav>
      ) : null}
    </section>
  );
}
