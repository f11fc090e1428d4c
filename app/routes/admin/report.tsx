import { Link } from 'react-router';
import { staffPageMeta } from '#app/admin/nav.ts';
import { AdminField } from '#app/components/admin/AdminField.tsx';
import { FilterForm } from '#app/components/admin/FilterForm.tsx';
import { FunnelChart } from '#app/components/admin/FunnelChart.tsx';
import { FormAlert } from '#app/components/FormAlert.tsx';
import { Heading } from '#app/components/Heading.tsx';
import { GymOptions } from '#app/components/OptionList.tsx';
import { formatDate } from '#app/lib/format.ts';
import {
  PERIOD_LABELS,
  type ReportPeriod,
  rate,
  reportSearch,
  STEP_LABELS,
  STEP_SHORT_LABELS,
} from '#app/lib/report.ts';
import type { FunnelCounts } from '#app/models/admin/report.server.ts';
import { loadReport } from '#app/services/report.server.ts';
import type { Route } from './+types/report';

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadReport(context, url);
}

export const meta: Route.MetaFunction = () => staffPageMeta('Отчёт');

/** A step's count and, under it, its rate of the step before (bids have none). */
function StepCell({ counts, step }: { counts: FunnelCounts; step: keyof FunnelCounts }) {
  const before = { bids: null, booked: 'bids', came: 'booked', bought: 'came' } as const;
  const previous = before[step];
  return (
    <td className="admin-report__num">
      <span className="admin-report__count">{counts[step]}</span>
      {previous ? <span className="admin-report__rate">{rate(counts[step], counts[previous])}</span> : null}
    </td>
  );
}

function FunnelTable({
  id,
  title,
  head,
  lines,
}: {
  id: string;
  title: string;
  head: string;
  lines: ReadonlyArray<FunnelCounts & { key: string; label: string }>;
}) {
  return (
    <table className="admin-report__table" id={id}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          {(['bids', 'booked', 'came', 'bought'] as const).map((step) => (
            <th scope="col" key={step} className="admin-report__num">
              {STEP_SHORT_LABELS[step]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <th scope="row" className="admin-report__key">
              {line.label}
            </th>
            {(['bids', 'booked', 'came', 'bought'] as const).map((step) => (
              <StepCell key={step} counts={line} step={step} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const { params, gyms, total, tables } = loaderData;
  const search = reportSearch(params);
  const weeks = tables.find((table) => table.breakdown === 'week')!;
  const gymName = params.gymId === null ? 'все клубы' : (gyms.find((gym) => gym.id === params.gymId)?.name ?? '');
  return (
    <section className="admin-section admin-report">
      <Heading level={1}>Отчёт: от заявки до покупки</Heading>
      <p className="admin-muted">
        Заявки за период и что с ними стало: записались на пробное, пришли, купили абонемент. Только числа — без имён и
        телефонов. <Link to="/admin/bids">Заявки</Link> считаются по дню поступления.
      </p>
      <FilterForm label="Период и клуб отчёта" className="admin-report__filters">
        <AdminField id="report-period" label="Период">
          <select id="report-period" name="period" defaultValue={params.period}>
            {(Object.keys(PERIOD_LABELS) as ReportPeriod[]).map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </select>
        </AdminField>
        <AdminField id="report-from" label="С (для своего периода)">
          <input id="report-from" name="from" type="date" defaultValue={params.from} />
        </AdminField>
        <AdminField id="report-to" label="По">
          <input id="report-to" name="to" type="date" defaultValue={params.to} />
        </AdminField>
        <AdminField id="report-gym" label="Клуб">
          <select id="report-gym" name="gym" defaultValue={params.gymId === null ? '' : String(params.gymId)}>
            <option value="">Все клубы</option>
            <GymOptions gyms={gyms} />
          </select>
        </AdminField>
      </FilterForm>
      <FormAlert message={params.error} className="admin-form__error" />
      <p>
        <strong>
          {formatDate(params.from)} — {formatDate(params.to)}
        </strong>
        , {gymName}.{' '}
        <a href={`/admin/report.csv?${search}`} className="admin-link" download>
          Скачать CSV
        </a>
      </p>

      <dl className="admin-report__totals">
        {(['bids', 'booked', 'came', 'bought'] as const).map((step) => {
          const previous = { bids: null, booked: 'bids', came: 'booked', bought: 'came' } as const;
          const before = previous[step];
          return (
            <div key={step} className="admin-report__total">
              <dt>{STEP_LABELS[step]}</dt>
              <dd>
                <span className="admin-report__big">{total[step]}</span>
                {before ? <span className="admin-report__rate">{rate(total[step], total[before])}</span> : null}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="admin-muted">
        Под числом — доля от предыдущего шага. Купили из всех заявок: {rate(total.bought, total.bids)}.
      </p>

      <Heading level={2}>По неделям</Heading>
      <FunnelChart weeks={weeks.lines} tableId="report-week" />
      <div className="admin-report__tables">
        {tables.map((table) => (
          <FunnelTable
            key={table.breakdown}
            id={`report-${table.breakdown}`}
            title={table.title}
            head={table.breakdown === 'week' ? 'Неделя' : table.breakdown === 'gym' ? 'Клуб' : 'Значение'}
            lines={table.lines}
          />
        ))}
      </div>
    </section>
  );
}
