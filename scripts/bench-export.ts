/**
 * `npm run bench:export`: the CSV export of a million bids, end to end, on a throw-away PostgreSQL database.
 *
 * Creates `bench_export_<random>` on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres),
 * starts the production server on it (with the container's memory settings unless the environment sets them), fills
 * BENCH_BIDS bids (default 1,000,000, scripts/generate-bids.ts), then downloads /admin/bids/export.csv as staff and
 * prints rows/s and the server's peak RSS (scripts/bench-admin.ts, ONLY=export). Aims: ≥ 50,000 rows/s, ≤ 200 MB.
 * The database is dropped at the end. BENCH_SKIP_BUILD=1 skips `react-router build`.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  buildUnlessSkipped,
  containerMemoryEnv,
  startProductionServer,
  stop,
  waitForReady,
} from '#scripts/lib/bench-server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3196);
const BASE = `http://127.0.0.1:${PORT}`;
const BIDS = Number(process.env.BENCH_BIDS ?? 1_000_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATA_DIR = path.resolve('.bench-data-export');
const admin = { email: 'bench-export@club.test', password: crypto.randomBytes(12).toString('hex') };

async function main() {
  buildUnlessSkipped();
  const name = `bench_export_${crypto.randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  let server: ChildProcess | null = null;
  const startServer = async () => {
    const child = startProductionServer(PORT, DATA_DIR, {
      // The container's memory settings (Dockerfile); set NODE_OPTIONS or MALLOC_* to measure others.
      ...containerMemoryEnv(),
      INSECURE_COOKIES: '1',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    server = child;
    await waitForReady(BASE);
    return child;
  };
  try {
    // The first start migrates, seeds the demo content and creates the staff account.
    await stop(await startServer());
    console.log(`filling ${BIDS} bids…`);
    execFileSync(process.execPath, ['scripts/generate-bids.ts', String(BIDS)], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: 'inherit',
    });
    // A fresh process for the export: its RSS before is the server's idle baseline, not the seeding's.
    const child = await startServer();
    console.log('server memory settings:', containerMemoryEnv());
    execFileSync(process.execPath, ['scripts/bench-admin.ts'], {
      env: {
        ...process.env,
        ONLY: 'export',
        BASE_URL: BASE,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SERVER_PID: String(child.pid),
      },
      stdio: 'inherit',
    });
  } finally {
    if (server) await stop(server);
    const dropper = new pg.Client({ connectionString: ADMIN_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

await main();
