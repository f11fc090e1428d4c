/**
 * The report's data as the page and its CSV show it (docs/product/report.md): the period from the query, the
 * counts, gyms by name, and every week of the period (weeks without bids as zeros).
 */
import type { RouterContextProvider } from 'react-router';
import { getDb } from '#app/infra/services.server.ts';
import { formatDate } from '#app/lib/format.ts';
import { BREAKDOWN_LABELS, NO_TAG, parseReportParams, type ReportParams, weeksOf } from '#app/lib/report.ts';
import { todayIn } from '#app/lib/schedule.ts';
import { listGymOptions } from '#app/models/admin/bids.server.ts';
import { BREAKDOWNS, type Breakdown, type FunnelCounts, funnelReport } from '#app/models/admin/report.server.ts';
import { getStaffClock } from '#app/services/staff-clock.server.ts';

export interface ReportLine extends FunnelCounts {
  key: string;
  label: string;
}

export interface ReportView {
  params: ReportParams;
  gyms: Array<{ id: number; name: string }>;
  total: FunnelCounts;
  tables: Array<{ breakdown: Breakdown; title: string; lines: ReportLine[] }>;
  timeZone: string;
}

const ZERO: FunnelCounts = { bids: 0, booked: 0, came: 0, bought: 0 };

export async function loadReport(context: Readonly<RouterContextProvider>, url: URL): Promise<ReportView> {
  const db = getDb(context);
  const timeZone = getStaffClock(context).network;
  const gyms = await listGymOptions(db);
  const params = parseReportParams(
    url.searchParams,
    todayIn(timeZone),
    gyms.map((gym) => gym.id),
  );
  const report = await funnelReport(db, { from: params.from, to: params.to, timeZone, gymId: params.gymId });
  const gymName = new Map(gyms.map((gym) => [String(gym.id), gym.name]));
  const tables = BREAKDOWNS.map((breakdown) => {
    let lines: ReportLine[];
    if (breakdown === 'week') {
      const found = new Map(report.rows.week.map((row) => [row.key, row]));
      lines = weeksOf(params.from, params.to).map((monday) => ({
        ...(found.get(monday) ?? ZERO),
        key: monday,
        label: `с ${formatDate(monday)}`,
      }));
    } else {
      lines = report.rows[breakdown].map((row) => ({
        ...row,
        label:
          breakdown === 'gym'
            ? row.key === ''
              ? 'Без клуба'
              : (gymName.get(row.key) ?? `Клуб №${row.key}`)
            : row.key === ''
              ? NO_TAG
              : row.key,
      }));
    }
    return { breakdown, title: BREAKDOWN_LABELS[breakdown], lines };
  });
  return { params, gyms, total: report.total, tables, timeZone };
}
