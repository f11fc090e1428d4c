/**
 * The report (docs/product/report.md): bids → trials booked → came → bought, by UTM source, medium and campaign, by
 * page, by gym and by week, for a period and a gym. Counts only — no names or phones leave this module.
 *
 * The period's leads (every bid except the sign-ups taken for a trial bid and walk-ins), each with whether it or a
 * sign-up taken for it held a place, whether it came, and whether it bought after coming, are counted per distinct
 * cell of every breakdown by SQL (one pass over the period's bids, from a covering index; the period in two parts at
 * once), then the few thousand cells are summed per breakdown here.
 */
import { sql } from 'kysely';
import { addDays } from '#app/lib/schedule.ts';
import { zonedMoment } from '#app/lib/zoned-time.ts';
import type { Database } from '#db/index.ts';

export interface FunnelCounts {
  bids: number;
  booked: number;
  came: number;
  bought: number;
}

export type Breakdown = 'source' | 'medium' | 'campaign' | 'page' | 'gym' | 'week';

export const BREAKDOWNS: readonly Breakdown[] = ['source', 'medium', 'campaign', 'page', 'gym', 'week'];

export interface ReportRow extends FunnelCounts {
  /** The tag, page or gym id (as text), or the week's Monday; '' for bids without a tag or page, or without a gym. */
  key: string;
}

export interface FunnelReport {
  total: FunnelCounts;
  rows: Record<Breakdown, ReportRow[]>;
}

export interface ReportQuery {
  /** The period's first and last day (both included), in the club network's zone. */
  from: string;
  to: string;
  timeZone: string;
  /** One gym, or null for every gym (bids without a gym included). */
  gymId: number | null;
}

/** What each cell of the period is keyed by: one value per breakdown ('' for none). */
type Cell = Record<Breakdown, string> & FunnelCounts;

/**
 * How many parts the period is cut into, each counted by its own statement on its own connection at the same time:
 * PostgreSQL's planner does not aggregate a period in parallel by itself (the cells' count is unknown to it), and on
 * two cores two halves take a little more than half the time of the whole (ADR 47). On PGlite the parts run one after
 * another on its one connection, as the whole would.
 */
const PARTS = 2;

export async function funnelReport(db: Database, query: ReportQuery): Promise<FunnelReport> {
  // The period's bounds as moments, so the planner sees the range it reads (the index's part of the period).
  const from = new Date(zonedMoment(query.from, '00:00', query.timeZone)).getTime();
  const to = new Date(zonedMoment(addDays(query.to, 1), '00:00', query.timeZone)).getTime();
  const bounds = Array.from({ length: PARTS + 1 }, (_, i) => new Date(from + Math.round(((to - from) * i) / PARTS)));
  const parts = await Promise.all(bounds.slice(0, -1).map((start, i) => periodCells(db, query, start, bounds[i + 1]!)));
  const total: FunnelCounts = { bids: 0, booked: 0, came: 0, bought: 0 };
  const byKey = new Map<Breakdown, Map<string, ReportRow>>(BREAKDOWNS.map((breakdown) => [breakdown, new Map()]));
  // A cell (a week at the cut, say) may come from both parts: each row sums every cell of its key.
  for (const cell of parts.flat()) {
    addCounts(total, cell);
    for (const [breakdown, rows] of byKey) {
      const key = cell[breakdown];
      const row = rows.get(key);
      if (row) addCounts(row, cell);
      else rows.set(key, { key, bids: cell.bids, booked: cell.booked, came: cell.came, bought: cell.bought });
    }
  }
  const sorted = (breakdown: Breakdown) =>
    [...byKey.get(breakdown)!.values()].sort((a, b) =>
      breakdown === 'week' ? a.key.localeCompare(b.key) : b.bids - a.bids || a.key.localeCompare(b.key),
    );
  return {
    total,
    rows: {
      source: sorted('source'),
      medium: sorted('medium'),
      campaign: sorted('campaign'),
      page: sorted('page'),
      gym: sorted('gym'),
      week: sorted('week'),
    },
  };
}

function addCounts(into: FunnelCounts, counts: FunnelCounts): void {
  into.bids += counts.bids;
  into.booked += counts.booked;
  into.came += counts.came;
  into.bought += counts.bought;
}

/**
 * The leads created in [start, end) counted per distinct cell of every breakdown (a few thousand rows), read from the
 * report's covering index (a trial bid carries what its sign-ups add up to): one hash aggregation over the part.
 */
async function periodCells(db: Database, query: ReportQuery, start: Date, end: Date): Promise<Cell[]> {
  const gym = query.gymId === null ? sql`TRUE` : sql`b.gym_id = ${query.gymId}`;
  // A report reads a whole period at once: hashing its few thousand cells beats sorting the period's bids (the planner
  // cannot know how few weeks × sources there are), and compiling the plan (JIT) costs more than it saves.
  const rows = await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_sort = off`.execute(trx);
    await sql`SET LOCAL jit = off`.execute(trx);
    const result = await sql<{
      source: string | null;
      medium: string | null;
      campaign: string | null;
      page: string | null;
      gym_id: number | null;
      week: string;
      bids: string | number;
      booked: string | number;
      came: string | number;
      bought: string | number;
    }>`
      -- The week is named once per cell, after the grouping, not once per bid.
      SELECT source, medium, campaign, page, gym_id, to_char(week, 'YYYY-MM-DD') AS week, bids, booked, came, bought
      FROM (
        SELECT b.utm_source AS source, b.utm_medium AS medium, b.utm_campaign AS campaign, b.report_page AS page,
          b.gym_id,
          date_trunc('week', b.created_at AT TIME ZONE ${query.timeZone}) AS week,
          count(*) AS bids,
          count(*) FILTER (
            WHERE (b.kind = 'signup' AND (b.signup_state = 'booked' OR b.attendance IS NOT NULL)) OR b.trial_booked
          ) AS booked,
          count(*) FILTER (WHERE b.attendance = 'came' OR b.trial_came) AS came,
          count(*) FILTER (WHERE (b.attendance = 'came' OR b.trial_came) AND b.outcome = 'bought') AS bought
        FROM bids b
        WHERE b.created_at >= ${start} AND b.created_at < ${end}
          AND b.trial_bid_id IS NULL AND NOT b.walk_in AND ${gym}
        GROUP BY 1, 2, 3, 4, 5, 6
      ) cells
    `.execute(trx);
    return result.rows;
  });
  return rows.map((row) => ({
    source: row.source ?? '',
    medium: row.medium ?? '',
    campaign: row.campaign ?? '',
    page: row.page ?? '',
    gym: row.gym_id === null ? '' : String(row.gym_id),
    week: row.week,
    bids: Number(row.bids),
    booked: Number(row.booked),
    came: Number(row.came),
    bought: Number(row.bought),
  }));
}
