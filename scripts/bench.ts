/**
 * `npm run bench`: builds, starts the production server on seeded data and measures public pages, in one run.
 *
 * For each of `/`, `/shedule`, `/coaches` (autocannon, BENCH_CONNECTIONS=50 connections, BENCH_DURATION s each):
 *   - static: the page's own bytes saved as a file and served by the same server (helmet, logging, compression,
 *     express.static) — the limit;
 *   - cached: the page from the render cache (docs/http-caching.md);
 *   - uncached: the page from a second server process started with RENDER_CACHE=off;
 *   - minimal: the smallest React Router page with one query (scripts/bench-minimal-rr.ts), the baseline;
 *   - ratios: cached / static (goal ≥ 0.8), uncached / minimal (goal ≥ 0.5);
 *   - SQL round trips per page (the servers' `X-Db-Queries` header, EXPOSE_QUERY_COUNT=1), cached and uncached;
 *   - JavaScript the page loads first (module scripts and modulepreloads, or the modules a public page's loader
 *     preloads after `load`; gzip -9 bytes);
 * then `/api/gym` and one hashed asset; then an edit storm (scripts/lib/edit-storm.ts: a staff save every second while
 * BENCH_CONNECTIONS read `/` for BENCH_STORM_SECONDS, 20; goal p99 ≤ 100 ms); then memory: BENCH_CONNECTIONS connections on the three pages of the default
 * (cached) server for BENCH_MEMORY_SECONDS (60; 300 for the five-minute flatness check), its RSS sampled every 10 s
 * (goal: ≤ 250 MB at the end, flat), and every server's RSS at the end. On PostgreSQL also the booking loop
 * (scripts/bench-booking.ts): sign-ups per second for one session and across many, and 10,000 reminders due at once
 * delivered to a local SMSC stand-in (goals ≥ 200/s, RSS ≤ 250 MB); and the staff report (scripts/bench-report.ts) on
 * 1,000,000 bids and 200,000 sign-ups (goal p95 ≤ 500 ms).
 *
 * Environment: BENCH_DATABASE_URL=postgres://… runs on PostgreSQL (a fresh database is created on that server, shared
 * by the servers, and dropped); without it each server uses its own fresh PGlite directory. BENCH_DURATION (s),
 * BENCH_CONNECTIONS, BENCH_MEMORY_SECONDS, NODE_OPTIONS and the MALLOC_* settings (default: the Dockerfile's),
 * BENCH_GZIP=1 (clients send Accept-Encoding: gzip), BENCH_SKIP_BUILD=1. Results are printed as tables and written to
 * bench-results.json.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { benchBooking } from '#scripts/bench-booking.ts';
import { benchReport, printReportBench } from '#scripts/bench-report.ts';
import {
  buildUnlessSkipped,
  measuredServerEnv,
  rssMb,
  startProductionServer,
  stop,
  waitForReady,
} from '#scripts/lib/bench-server.ts';
import { editStorm } from '#scripts/lib/edit-storm.ts';
import { withPgClient } from '#scripts/lib/pg-client.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3190);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GZIP = process.env.BENCH_GZIP === '1';
const DATA_DIR = path.resolve('.bench-data');
const PAGES = ['/', '/shedule', '/coaches'] as const;
const STATIC_DIR = path.resolve('build/client/__bench');
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const RSS_GOAL_MB = 250;
const STORM_SECONDS = Number(process.env.BENCH_STORM_SECONDS ?? 20);
/** The staff member of the edit storm (scripts/lib/edit-storm.ts), made by the cached server at its start. */
const STAFF = { email: 'bench-admin@club.test', password: crypto.randomBytes(12).toString('hex') };

interface Server {
  name: string;
  base: string;
  child: ChildProcess;
}

function startServer(name: string, script: string, port: number, env: Record<string, string>): Server {
  const child = startProductionServer(
    port,
    path.join(DATA_DIR, name),
    // The pages are measured with the demo content in them, on PostgreSQL too (off there by default).
    measuredServerEnv({ EXPOSE_QUERY_COUNT: '1', ...env }),
    { script },
  );
  return { name, base: `http://127.0.0.1:${port}`, child };
}

async function run(url: string, options: { duration?: number; paths?: readonly string[] } = {}) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.duration ?? DURATION,
    headers: GZIP ? { 'accept-encoding': 'gzip' } : {},
    ...(options.paths ? { requests: options.paths.map((path) => ({ method: 'GET' as const, path })) } : {}),
  });
  if (result.non2xx || result.errors) console.warn(`  ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

async function queriesOf(url: string): Promise<number | null> {
  const response = await fetch(url);
  await response.arrayBuffer();
  const header = response.headers.get('x-db-queries');
  return header === null ? null : Number(header);
}

const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 100) / 100 : null);

async function main() {
  buildUnlessSkipped();

  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.BENCH_DATABASE_URL) {
    const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
    const adminUrl = process.env.BENCH_DATABASE_URL;
    await withPgClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await withPgClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  }

  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.rmSync(STATIC_DIR, { recursive: true, force: true });
  const shared = databaseUrl
    ? { DATABASE_URL: databaseUrl, SESSION_SECRET: crypto.randomBytes(32).toString('hex') }
    : ({} as Record<string, string>);
  const servers: Server[] = [];
  try {
    const startedAt = Date.now();
    const cached = startServer('cached', 'server.ts', PORT, {
      ...shared,
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
    });
    servers.push(cached);
    await waitForReady(cached.base);
    const startupMs = Date.now() - startedAt;
    // Started after the first one has migrated and seeded a shared database.
    const uncached = startServer('uncached', 'server.ts', PORT + 1, { ...shared, RENDER_CACHE: 'off' });
    servers.push(uncached);
    const minimal = startServer('minimal', 'scripts/bench-minimal-rr.ts', PORT + 2, shared);
    servers.push(minimal);
    await Promise.all([waitForReady(uncached.base), waitForReady(minimal.base)]);

    fs.mkdirSync(STATIC_DIR, { recursive: true });
    const perPage = [];
    const minimalResult = await run(`${minimal.base}/`);
    console.log(`minimal React Router page with one query: ${minimalResult.requestsPerSecond} req/s`);
    for (const page of PAGES) {
      const html = await (await fetch(`${cached.base}${page}`)).text();
      const file = `${page === '/' ? 'home' : page.slice(1)}.html`;
      fs.writeFileSync(path.join(STATIC_DIR, file), html);
      const scripts = scriptUrls(html);
      const jsBytes = await gzipBytes(cached.base, scripts);
      const sqlUncached = await queriesOf(`${uncached.base}${page}`);
      await queriesOf(`${cached.base}${page}`);
      const sqlCached = await queriesOf(`${cached.base}${page}`);

      const staticResult = await run(`${cached.base}/__bench/${file}`);
      const cachedResult = await run(`${cached.base}${page}`);
      const uncachedResult = await run(`${uncached.base}${page}`);
      const row = {
        page,
        htmlBytes: Buffer.byteLength(html),
        staticRps: staticResult.requestsPerSecond,
        cachedRps: cachedResult.requestsPerSecond,
        uncachedRps: uncachedResult.requestsPerSecond,
        minimalRps: minimalResult.requestsPerSecond,
        cachedVsStatic: ratio(cachedResult.requestsPerSecond, staticResult.requestsPerSecond),
        uncachedVsMinimal: ratio(uncachedResult.requestsPerSecond, minimalResult.requestsPerSecond),
        cachedP99Ms: cachedResult.p99Ms,
        uncachedP99Ms: uncachedResult.p99Ms,
        sqlCached,
        sqlUncached,
        jsGzipBytes: jsBytes,
        jsFiles: scripts.length,
      };
      perPage.push(row);
      console.log(
        `${page.padEnd(10)} static ${row.staticRps}  cached ${row.cachedRps} (${row.cachedVsStatic}×)  ` +
          `uncached ${row.uncachedRps} (${row.uncachedVsMinimal}× minimal)  req/s`,
      );
    }

    const asset = scriptUrls(await (await fetch(`${cached.base}/`)).text())[0];
    const others = [];
    for (const target of ['/api/gym', ...(asset ? [asset] : [])]) {
      others.push({ target, ...(await run(`${cached.base}${target}`)) });
    }

    // A staff save every second while `/` is read: each clears the render cache (docs/http-caching.md).
    const storm = await editStorm(cached.base, STAFF, { seconds: STORM_SECONDS, connections: CONNECTIONS });
    console.log(
      `edit storm: a save a second (${storm.saves} saved, ${storm.failedSaves} failed) while ${CONNECTIONS} connections ` +
        `read / for ${STORM_SECONDS} s: ${storm.requestsPerSecond} req/s, p50 ${storm.p50Ms} ms, ` +
        `p99 ${storm.p99Ms} ms (goal ≤ ${storm.goalP99Ms})`,
    );

    // Memory under a steady load of the three pages, sampled as it goes.
    const samples: { second: number; rssMb: number | null }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => {
      samples.push({ second: Math.round((Date.now() - started) / 1000), rssMb: rssMb(cached.child.pid) });
    }, 10_000);
    const memoryRun = await run(cached.base, { duration: MEMORY_SECONDS, paths: PAGES });
    clearInterval(sampler);
    const memory = {
      seconds: MEMORY_SECONDS,
      requestsPerSecond: memoryRun.requestsPerSecond,
      rssMbAtEnd: rssMb(cached.child.pid),
      goalMb: RSS_GOAL_MB,
      samples,
    };
    console.log(
      `memory: ${CONNECTIONS} connections × ${MEMORY_SECONDS} s on ${PAGES.join(', ')} (${memory.requestsPerSecond} req/s): ` +
        `RSS ${samples.map((sample) => sample.rssMb).join(' → ')} MB, ${memory.rssMbAtEnd} MB at the end (goal ≤ ${RSS_GOAL_MB})`,
    );

    const rss = Object.fromEntries(servers.map((server) => [server.name, rssMb(server.child.pid)]));
    for (const server of servers.splice(0)) await stop(server.child);
    const booking = process.env.BENCH_DATABASE_URL
      ? await benchBooking({ adminUrl: process.env.BENCH_DATABASE_URL, port: PORT + 5 })
      : null;
    // The staff report on a million bids (docs/product/report.md): PostgreSQL only, like the booking loop.
    const staffReport = process.env.BENCH_DATABASE_URL
      ? await benchReport({ adminUrl: process.env.BENCH_DATABASE_URL })
      : null;
    if (staffReport) printReportBench(staffReport);
    const report = {
      database: databaseUrl ? 'postgres' : 'pglite',
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      acceptEncoding: GZIP ? 'gzip' : 'identity',
      startupToReadyMs: startupMs,
      goals: { cachedVsStatic: 0.8, uncachedVsMinimal: 0.5 },
      pages: perPage,
      others,
      editStorm: storm,
      memory,
      rssMbAtEnd: rss,
      booking,
      staffReport,
    };
    console.log('\nPublic pages (requests/s; SQL round trips per request; first-load JS in gzip bytes):');
    console.table(perPage);
    console.table(others);
    console.log('RSS at the end (MB):', rss);
    fs.writeFileSync('bench-results.json', `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    for (const server of servers) await stop(server.child);
    await dropDatabase?.();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
    fs.rmSync(STATIC_DIR, { recursive: true, force: true });
  }
}

function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)) {
    urls.add(match[1]!);
  }
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)|import "([^"]+\.js)"/g)) {
    urls.add((match[1] ?? match[2])!);
  }
  // A public page fetches its code after loading (app/infra/hydration-after-load.server.ts): the loader script's
  // last argument lists every module it preloads.
  const deferred = /,(\["[^\]]*\])\)<\/script>/.exec(html);
  for (const url of deferred ? (JSON.parse(deferred[1]!) as string[]) : []) urls.add(url);
  return [...urls].filter((url) => url.startsWith('/'));
}

async function gzipBytes(base: string, urls: string[]) {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

await main();
