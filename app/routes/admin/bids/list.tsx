import { Form, Link } from 'react-router';
import {
  BID_KIND_LABELS,
  BID_KINDS,
  BID_STATUS_LABELS,
  BID_STATUSES,
  bidKindText,
  bidTimeZone,
  REPEAT_PHONE_DAYS,
} from '#app/admin/bids.ts';
import { adminTitle } from '#app/admin/nav.ts';
import { FilterSelect } from '#app/components/admin/FilterSelect.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { getDb } from '#app/infra/services.server.ts';
import { countOf, DAYS_FORMS, formatDateTime, formatPhone, timeZoneOffset } from '#app/lib/format.ts';
import { parseId } from '#app/lib/id.ts';
import { type BidFilters, listBids, listGymOptions, parseBidFilters } from '#app/models/admin/bids.server.ts';
import type { Route } from './+types/list';

export async function loader({ context, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const filters = parseBidFilters(url.searchParams);
  const after = parseId(url.searchParams.get('after'));
  const [page, gyms] = await Promise.all([listBids(db, filters, after), listGymOptions(db)]);
  return { ...page, gyms, filters, isFirstPage: after === null };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle('Заявки') }];

const STATUS_OPTIONS = BID_STATUSES.map((status) => ({ value: status, label: BID_STATUS_LABELS[status] }));
const KIND_OPTIONS = BID_KINDS.map((kind) => ({ value: kind, label: BID_KIND_LABELS[kind] }));

function filterParams(filters: BidFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.gymId !== null) params.set('gym', String(filters.gymId));
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q) params.set('q', filters.q);
  return params;
}

export default function BidInbox({ loaderData }: Route.ComponentProps) {
  const { bids, nextAfter, gyms, filters, isFirstPage } = loaderData;
  const params = filterParams(filters);
  const nextParams = new URLSearchParams(params);
  if (nextAfter !== null) nextParams.set('after', String(nextAfter));
  return (
    <section className="admin-section">
      <div className="admin-section__head">
        <Heading level={1}>Заявки</Heading>
        <a href={`/admin/bids/export.csv?${params}`} className="admin-button admin-button--ghost" download>
          Скачать CSV
        </a>
      </div>
      <Form method="get" className="admin-filters" role="search" aria-label="Фильтры заявок">
        <FilterSelect label="Статус" name="status" value={filters.status} options={STATUS_OPTIONS} />
        <FilterSelect
          label="Зал"
          name="gym"
          value={filters.gymId}
          options={gyms.map((gym) => ({ value: String(gym.id), label: gym.name }))}
        />
        <FilterSelect label="Тип" name="kind" value={filters.kind} options={KIND_OPTIONS} />
        <label>
          <span>С даты</span>
          <input type="date" name="from" defaultValue={filters.from ?? ''} />
        </label>
        <label>
          <span>По дату</span>
          <input type="date" name="to" defaultValue={filters.to ?? ''} />
        </label>
        <label>
          <span>Имя или телефон</span>
          <input type="search" name="q" defaultValue={filters.q} />
        </label>
        <button type="submit" className="admin-button admin-button--ghost">
          Показать
        </button>
        {params.size ? (
          <Link to="/admin/bids" className="admin-link">
            Сбросить
          </Link>
        ) : null}
      </Form>

      {bids.length === 0 ? (
        <p>Заявок не найдено.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Дата (время зала)</th>
              <th scope="col">Имя</th>
              <th scope="col">Телефон</th>
              <th scope="col">Зал</th>
              <th scope="col">Тип</th>
              <th scope="col">Статус</th>
            </tr>
          </thead>
          <tbody>
            {bids.map((bid) => (
              <tr key={bid.id} className={bid.status === 'new' ? 'admin-table__row--new' : undefined}>
                <td data-label="Дата">
                  {formatDateTime(bid.created_at, bidTimeZone(bid.gym_time_zone))}
                  <span className="admin-muted"> {timeZoneOffset(bidTimeZone(bid.gym_time_zone), bid.created_at)}</span>
                </td>
                <td data-label="Имя">
                  <Link to={`/admin/bids/${bid.id}`}>{bid.name}</Link>
                </td>
                <td data-label="Телефон">
                  <a href={`tel:${bid.phone}`} className="admin-phone">
                    {formatPhone(bid.phone)}
                  </a>
                  {bid.repeat_phone ? (
                    <span
                      className="admin-badge"
                      title={`Этот телефон уже оставлял заявку за ${countOf(REPEAT_PHONE_DAYS, DAYS_FORMS)}`}
                    >
                      повторная
                    </span>
                  ) : null}
                </td>
                <td data-label="Зал">{bid.gym_name ?? '—'}</td>
                <td data-label="Тип">{bidKindText(bid.kind, bid.subject_title)}</td>
                <td data-label="Статус">
                  <span className={`admin-status admin-status--${bid.status}`}>{BID_STATUS_LABELS[bid.status]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="admin-pagination" aria-label="Страницы">
        {!isFirstPage ? <Link to={`/admin/bids?${params}`}>← К самым новым</Link> : null}
        {nextAfter !== null ? <Link to={`/admin/bids?${nextParams}`}>Следующие →</Link> : null}
      </nav>
    </section>
  );
}
