import { Link } from 'react-router';
import { adminTitle } from '#app/admin/nav.ts';
import { AuditList } from '#app/components/admin/AuditList.tsx';
import { BidsChart } from '#app/components/admin/BidsChart.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { getDb } from '#app/infra/services.server.ts';
import { NEW_BIDS_FORMS, plural } from '#app/lib/format.ts';
import {
  bidCounts,
  bidsPerDay,
  contentHealth,
  newBidsPerGym,
  recentChanges,
} from '#app/models/admin/dashboard.server.ts';
import { hasAnyGym } from '#app/models/gym.server.ts';
import type { Route } from './+types/dashboard';

export async function loader({ context }: Route.LoaderArgs) {
  const db = getDb(context);
  const [counts, perGym, perDay, changes, health, anyGym] = await Promise.all([
    bidCounts(db),
    newBidsPerGym(db),
    bidsPerDay(db),
    recentChanges(db),
    contentHealth(db),
    hasAnyGym(db),
  ]);
  return { counts, perGym, perDay, changes, health, empty: !anyGym };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle() }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, perGym, perDay, changes, health, empty } = loaderData;
  return (
    <section className="admin-section admin-dashboard">
      <Heading level={1}>Обзор</Heading>
      {empty ? (
        // A site started without the demo content (docs/demo-content.md): the first step for its staff.
        <p className="admin-flash admin-flash--info">
          Сайт пуст — начните с <Link to="/admin/gyms/new">добавления клуба</Link>.
        </p>
      ) : null}
      <div className="admin-cards">
        <Link to="/admin/bids?status=new" className="admin-stat">
          <span className="admin-stat__value">{counts.new}</span> {plural(counts.new, NEW_BIDS_FORMS)}
        </Link>
        <Link to="/admin/bids?status=in_progress" className="admin-stat">
          <span className="admin-stat__value">{counts.inProgress}</span> в работе
        </Link>
        <div className="admin-stat">
          <span className="admin-stat__value">{counts.week}</span> за 7 дней
        </div>
      </div>

      <Heading level={2}>Новые заявки по залам</Heading>
      {perGym.length === 0 ? (
        <p className="admin-muted">Новых заявок нет.</p>
      ) : (
        <ul className="admin-list">
          {perGym.map((row) => (
            <li key={row.gym_id ?? 'none'}>
              <Link to={`/admin/bids?status=new${row.gym_id !== null ? `&gym=${row.gym_id}` : ''}`}>
                {row.name ?? 'Без зала'}
              </Link>
              : {Number(row.count)}
            </li>
          ))}
        </ul>
      )}

      <BidsChart days={perDay} />

      <Heading level={2}>Что стоит поправить</Heading>
      {health.length === 0 ? (
        <p className="admin-muted">Замечаний нет.</p>
      ) : (
        <ul className="admin-list admin-list--warnings">
          {health.map((warning) => (
            <li key={warning.href + warning.text}>
              <Link to={warning.href}>{warning.text}</Link>
            </li>
          ))}
        </ul>
      )}

      <Heading level={2}>Последние изменения</Heading>
      <AuditList entries={changes} />
      <p>
        <Link to="/admin/audit" className="admin-link">
          Весь журнал →
        </Link>
      </p>
    </section>
  );
}
