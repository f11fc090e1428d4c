import { CSV_BOM, csvRow } from '#app/lib/csv.server.ts';
import { rate, STEP_LABELS } from '#app/lib/report.ts';
import { loadReport } from '#app/services/report.server.ts';
import type { Route } from './+types/report-csv';

/**
 * The report's tables as one CSV (Excel-compatible: UTF-8 with BOM, `;`-separated as the bids export): a row per
 * line of every table, the breakdown first. Counts only (docs/product/report.md).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const report = await loadReport(context, url);
  const lines = [
    csvRow([
      'Разрез',
      'Значение',
      STEP_LABELS.bids,
      STEP_LABELS.booked,
      STEP_LABELS.came,
      STEP_LABELS.bought,
      'Записаны из заявок',
      'Пришли из записанных',
      'Купили из пришедших',
    ]),
  ];
  const row = (breakdown: string, label: string, c: { bids: number; booked: number; came: number; bought: number }) =>
    csvRow([
      breakdown,
      label,
      c.bids,
      c.booked,
      c.came,
      c.bought,
      rate(c.booked, c.bids),
      rate(c.came, c.booked),
      rate(c.bought, c.came),
    ]);
  lines.push(row('Всего', `${report.params.from} — ${report.params.to}`, report.total));
  for (const table of report.tables) {
    for (const line of table.lines)
      lines.push(row(table.title, table.breakdown === 'week' ? line.key : line.label, line));
  }
  const name = `report-${report.params.from}-${report.params.to}.csv`;
  return new Response(CSV_BOM + lines.join(''), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
