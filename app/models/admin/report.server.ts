/**
 * The report (docs/product/report.md): bids → trials booked → came → bought, by UTM source, medium and campaign, by
 * page, by gym and by week, for a period and a gym. Counts only — no names or phones leave this module.
 *
 * One query: the period's leads (every bid except the sign-ups taken for a trial bid and walk-ins), each with whether
 * it or a sign-up taken for it held a place, whether it came, and whether it bought after coming; counted first per
 * distinct cell of every breakdown (one pass over the period's bids, from a covering index), then summed per
 * breakdown (GROUPING SETS over the cells).
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

/** GROUPING() bits of each breakdown (1 = the column is aggregated away), in the SELECT's order. */
const GROUPING_BITS: Record<number, Breakdown | 'total'> = {
  63: 'total',
  31: 'source',
  47: 'medium',
  55: 'campaign',
  59: 'page',
  61: 'gym',
  62: 'week',
};

export async function funnelReport(db: Database, query: ReportQuery): Promise<FunnelReport> {
  // The period's bounds as moments, so the planner sees the range it reads (the index's part of the period).
  const from = new Date(zonedMoment(query.from, '00:00', query.timeZone));
  const to = new Date(zonedMoment(addDays(query.to, 1), '00:00', query.timeZone));
  const gym = query.gymId === null ? sql`TRUE` : sql`b.gym_id = ${query.gymId}`;
  // A report reads a whole period at once: hashing its few thousand cells beats sorting the period's bids (the planner
  // cannot know how few weeks × sources there are), and compiling the plan (JIT) costs more than it saves.
  const rows = await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_sort = off`.execute(trx);
    await sql`SET LOCAL jit = off`.execute(trx);
    const result = await sql<{
      grouping: number;
      source: string | null;
      medium: string | null;
      campaign: string | null;
      page: string | null;
      gym_id: number | null;
      week: string | null;
      bids: string | number;
      booked: string | number;
      came: string | number;
      bought: string | number;
    }>`
      -- Every distinct cell of all the breakdowns at once (a few thousand rows), read from the report's covering
      -- index (a trial bid carries what its sign-ups add up to); then the breakdowns over the cells: each bid goes
      -- through one aggregation, not one per breakdown.
      WITH cells AS (
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
        WHERE b.created_at >= ${from} AND b.created_at < ${to}
          AND b.trial_bid_id IS NULL AND NOT b.walk_in AND ${gym}
        GROUP BY 1, 2, 3, 4, 5, 6
      )
      SELECT
        GROUPING(source, medium, campaign, page, gym_id, week) AS grouping,
        source, medium, campaign, page, gym_id, to_char(week, 'YYYY-MM-DD') AS week,
        sum(bids) AS bids, sum(booked) AS booked, sum(came) AS came, sum(bought) AS bought
      FROM cells
      GROUP BY GROUPING SETS ((), (source), (medium), (campaign), (page), (gym_id), (week))
    `.execute(trx);
    return result.rows;
  });
  const report: FunnelReport = {
    total: { bids: 0, booked: 0, came: 0, bought: 0 },
    rows: { source: [], medium: [], campaign: [], page: [], gym: [], week: [] },
  };
  for (const row of rows) {
    const counts = {
      bids: Number(row.bids),
      booked: Number(row.booked),
      came: Number(row.came),
      bought: Number(row.bought),
    };
    const breakdown = GROUPING_BITS[Number(row.grouping)];
    if (!breakdown) continue;
    if (breakdown === 'total') {
      report.total = counts;
      continue;
    }
    const key = breakdown === 'gym' ? (row.gym_id === null ? '' : String(row.gym_id)) : String(row[breakdown] ?? '');
    report.rows[breakdown].push({ key, ...counts });
  }
  for (const breakdown of BREAKDOWNS) {
    report.rows[breakdown].sort((a, b) =>
      breakdown === 'week' ? a.key.localeCompare(b.key) : b.bids - a.bids || a.key.localeCompare(b.key),
    );
  }
  return report;
}
