/**
 * `npm run bench`: builds, starts the production server on seeded data and measures it.
 *
 *   - autocannon, 50 connections, 10 s each: `/`, `/shedule`, `/coaches`, `/api/gym` and one hashed static asset
 *     (requests/s, p50 and p99 latency);
 *   - SQL round trips per page (the server's `X-Db-Queries` header, enabled by EXPOSE_QUERY_COUNT=1);
 *   - first-load JavaScript of `/` in KB gzip (every module script and modulepreload of the HTML).
 *
 * Environment: BENCH_DATABASE_URL=postgres://… runs on PostgreSQL (a fresh database is created and dropped on
 * that server); without it the server uses a fresh PGlite directory. BENCH_DURATION (s), BENCH_CONNECTIONS,
 * BENCH_SKIP_BUILD=1. Results are printed as a table and written to bench-results.json.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';

const PORT = Number(process.env.BENCH_PORT ?? 3190);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DATA_DIR = path.resolve('.bench-data');

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('building…');
    execSync('npx react-router build', { stdio: 'ignore' });
  }

  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.BENCH_DATABASE_URL) {
    const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.BENCH_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }

  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const startedAt = Date.now();
  const server = spawn(process.execPath, ['server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      EXPOSE_QUERY_COUNT: '1',
      // The pages are measured with the demo content in them, on PostgreSQL too (off there by default).
      DEMO_CONTENT: '1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, SESSION_SECRET: crypto.randomBytes(32).toString('hex') } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  try {
    await waitForReady();
    const startupMs = Date.now() - startedAt;
    const html = await (await fetch(`${BASE}/`)).text();
    const scripts = scriptUrls(html);
    const asset = scripts[0];
    if (!asset) throw new Error('no script found in the home page');

    const firstLoadJs = await gzipKb(scripts);
    const queries: Record<string, number | null> = {};
    for (const page of ['/', '/shedule', '/coaches', '/trends', '/promos', '/new', '/api/gym']) {
      const response = await fetch(`${BASE}${page}`);
      await response.arrayBuffer();
      const header = response.headers.get('x-db-queries');
      queries[page] = header === null ? null : Number(header);
    }

    const targets = ['/', '/shedule', '/coaches', '/api/gym', asset];
    const results = [];
    for (const target of targets) {
      const result = await autocannon({ url: `${BASE}${target}`, connections: CONNECTIONS, duration: DURATION });
      results.push({
        target,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
      console.log(
        `${target.padEnd(40)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p99 ${result.latency.p99} ms`,
      );
    }

    const report = {
      database: databaseUrl ? 'postgres' : 'pglite',
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      startupToReadyMs: startupMs,
      firstLoadJsKbGzip: firstLoadJs,
      sqlRoundTripsPerPage: queries,
      results,
    };
    console.log('\nSQL round trips per request:', queries);
    console.log(`first-load JS of /: ${firstLoadJs} KB gzip (${scripts.length} files)`);
    console.table(results);
    fs.writeFileSync('bench-results.json', `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await stop(server);
    await dropDatabase?.();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

async function waitForReady() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready within 120 s');
}

function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)) {
    urls.add(match[1]!);
  }
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)|import "([^"]+\.js)"/g)) {
    urls.add((match[1] ?? match[2])!);
  }
  return [...urls].filter((url) => url.startsWith('/'));
}

async function gzipKb(urls: string[]) {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(`${BASE}${url}`)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return Math.round((total / 1024) * 10) / 10;
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

await main();
