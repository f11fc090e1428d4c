/**
 * `npm run bench:report`: the report (docs/product/report.md) for a year and every gym on 1,000,000 bids and 200,000
 * sign-ups, on a throw-away PostgreSQL database. Goal: p95 ≤ 500 ms.
 *
 * Creates `bench_report_<random>` on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres),
 * migrates it, adds three gyms, fills BENCH_BIDS bids and BENCH_SIGNUPS sign-ups (scripts/generate-bids.ts: two years
 * of bids, so a year holds about half), then runs the report's query (`funnelReport`, the one the page and the CSV
 * use) BENCH_REPORT_RUNS times after two warm-ups and prints p50, p95 and the slowest; also a month of one gym. The
 * database is dropped at the end. Also part of `npm run bench` on PostgreSQL. BENCH_REPORT_DATABASE_URL times an
 * already filled and migrated database instead (nothing created or dropped).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { addDays } from '#app/lib/schedule.ts';
import { funnelReport, type ReportQuery } from '#app/models/admin/report.server.ts';
import { createDb, type Database, migrateToLatest } from '#db/index.ts';

const GOAL_MS = 500;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface ReportBench {
  bids: number;
  signups: number;
  year: { p50: number; p95: number; max: number; runs: number };
  month: { p50: number; p95: number; max: number; runs: number };
  goalMs: number;
  /** The machine's 1-minute load average when the timing ended (2 cores: above 2, other work shares them). */
  loadAverage: number;
}

export async function benchReport(options: {
  adminUrl: string;
  /** An already filled database to time (nothing created, filled or dropped). */
  databaseUrl?: string;
  bids?: number;
  signups?: number;
  runs?: number;
}): Promise<ReportBench> {
  const bids = options.bids ?? Number(process.env.BENCH_BIDS ?? 1_000_000);
  const signups = options.signups ?? Number(process.env.BENCH_SIGNUPS ?? 200_000);
  const runs = options.runs ?? Number(process.env.BENCH_REPORT_RUNS ?? 30);
  const name = `bench_report_${crypto.randomBytes(4).toString('hex')}`;
  const given = options.databaseUrl;
  if (!given) {
    const admin = new pg.Client({ connectionString: options.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = given ?? url.toString();
  const database = await createDb({ databaseUrl, max: 4 });
  try {
    if (given) return await timeReport(database.db, { bids, signups, runs });
    await migrateToLatest(database.db);
    await database.db
      .insertInto('gyms')
      .values(['Клуб на Ленина', 'Клуб на Малышева', 'Клуб на Вайнера'].map((gym) => ({ name: gym, address: gym })))
      .execute();
    execFileSync(process.execPath, ['scripts/generate-bids.ts', String(bids), String(signups)], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: 'inherit',
    });
    return await timeReport(database.db, { bids, signups, runs });
  } finally {
    await database.close();
    if (!given) {
      const cleanup = new pg.Client({ connectionString: options.adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    }
  }
}

async function timeReport(
  db: Database,
  { bids, signups, runs }: { bids: number; signups: number; runs: number },
): Promise<ReportBench> {
  const today = new Date().toISOString().slice(0, 10);
  const gym = await db.selectFrom('gyms').select('id').orderBy('id').executeTakeFirstOrThrow();
  const time = async (query: ReportQuery) => {
    const durations: number[] = [];
    for (let i = 0; i < runs + 2; i++) {
      const started = performance.now();
      await funnelReport(db, query);
      if (i >= 2) durations.push(performance.now() - started);
    }
    return { p50: percentile(durations, 50), p95: percentile(durations, 95), max: Math.max(...durations), runs };
  };
  const year = await time({ from: addDays(today, -364), to: today, timeZone: 'Europe/Moscow', gymId: null });
  const month = await time({ from: addDays(today, -29), to: today, timeZone: 'Europe/Moscow', gymId: gym.id });
  return { bids, signups, year, month, goalMs: GOAL_MS, loadAverage: os.loadavg()[0]! };
}

export function printReportBench(result: ReportBench): void {
  const line = (label: string, r: ReportBench['year']) =>
    `  ${label.padEnd(28)} p50 ${r.p50.toFixed(0).padStart(5)} ms   p95 ${r.p95.toFixed(0).padStart(5)} ms   max ${r.max.toFixed(0).padStart(5)} ms (${r.runs} runs)`;
  console.log(
    `Report on ${result.bids} bids + ${result.signups} sign-ups (PostgreSQL, goal p95 ≤ ${result.goalMs} ms; load average ${result.loadAverage.toFixed(1)} on ${os.cpus().length} cores):`,
  );
  console.log(line('a year, every gym', result.year));
  console.log(line('30 days, one gym', result.month));
  console.log(`  ${result.year.p95 <= result.goalMs ? 'goal met' : 'GOAL MISSED'}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchReport({
    adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    databaseUrl: process.env.BENCH_REPORT_DATABASE_URL,
  });
  printReportBench(result);
}
