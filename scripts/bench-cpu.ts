/**
 * `npm run bench:cpu`: the server's CPU time per uncached page, a figure a loaded machine hardly moves (requests per
 * second do): the server's user + system time (`/proc/<pid>/stat`) before and after BENCH_CPU_REQUESTS (200)
 * sequential requests of each of `/`, `/shedule`, `/coaches` to a server started with RENDER_CACHE=off, and of the
 * minimal React Router page (scripts/bench-minimal-rr.ts); then the ratio minimal / page, the CPU counterpart of
 * `npm run bench`'s uncached / minimal throughput. BENCH_CPU_PROFILE=1 also writes a V8 CPU profile of the uncached
 * server (`--cpu-prof`, in .bench-cpu-profile/).
 *
 * The requests go in blocks of 25, every server and page in turn, the order reversed each round, so that a machine
 * shared with other work loads every server alike. BENCH_CPU_COMPARE=dir,dir… also starts the server of each of
 * those checkouts (each built, with its own `build/`) on the same database: a change is measured against the code
 * before it in one run (docs/decisions/0053-what-an-uncached-render-costs.md).
 *
 * Environment as `npm run bench`: BENCH_DATABASE_URL=postgres://… (a fresh database, dropped at the end), or PGlite;
 * BENCH_SKIP_BUILD=1, BENCH_PORT (3190; this script uses +10 and up).
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildUnlessSkipped,
  measuredServerEnv,
  startProductionServer,
  stop,
  waitForReady,
} from '#scripts/lib/bench-server.ts';
import { withPgClient } from '#scripts/lib/pg-client.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3190) + 10;
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 200);
const DATA_DIR = path.resolve('.bench-cpu-data');
const PROFILE_DIR = path.resolve('.bench-cpu-profile');
const PAGES = process.env.BENCH_CPU_PAGES?.split(',') ?? ['/', '/shedule', '/coaches'];
const TICK_MS = 1000 / 100; // USER_HZ: /proc reports clock ticks of 10 ms on Linux

/** The process's user + system CPU time in milliseconds. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which is in parentheses and may hold spaces): utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function start(script: string, port: number, name: string, env: Record<string, string>, nodeFlags: string[] = []) {
  return startProductionServer(port, path.join(DATA_DIR, name), measuredServerEnv(env), { script, nodeFlags });
}

/** As autocannon in `npm run bench` asks: no compression (fetch would ask for gzip). */
const IDENTITY = { 'accept-encoding': 'identity' };

const BLOCK = 25;

interface Measured {
  name: string;
  pid: number;
  base: string;
  pages: string[];
  /** CPU ms spent per page. */
  spent: Map<string, number>;
}

async function request(url: string): Promise<void> {
  const response = await fetch(url, { headers: IDENTITY });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
}

/**
 * CPU ms per request of each server's pages: warmed up first, then REQUESTS of each page in blocks of BLOCK, every
 * server and page in turn, the order reversed each round.
 */
async function measureAll(servers: Measured[]): Promise<void> {
  for (const server of servers) {
    for (const page of server.pages) for (let i = 0; i < 30; i++) await request(`${server.base}${page}`);
  }
  const rounds = Math.max(1, Math.round(REQUESTS / BLOCK));
  for (let round = 0; round < rounds; round++) {
    for (const server of round % 2 ? [...servers].reverse() : servers) {
      for (const page of server.pages) {
        const before = cpuMs(server.pid);
        for (let i = 0; i < BLOCK; i++) await request(`${server.base}${page}`);
        server.spent.set(page, (server.spent.get(page) ?? 0) + cpuMs(server.pid) - before);
      }
    }
  }
  for (const server of servers) {
    for (const [page, ms] of server.spent) server.spent.set(page, Math.round((ms / (rounds * BLOCK)) * 100) / 100);
  }
}

async function main() {
  buildUnlessSkipped();
  let shared: Record<string, string> = {};
  let drop: (() => Promise<void>) | undefined;
  if (process.env.BENCH_DATABASE_URL) {
    const adminUrl = process.env.BENCH_DATABASE_URL;
    const name = `bench_cpu_${crypto.randomBytes(4).toString('hex')}`;
    await withPgClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    shared = { DATABASE_URL: url.toString(), SESSION_SECRET: crypto.randomBytes(32).toString('hex') };
    drop = async () => {
      await withPgClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  }
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const profile = process.env.BENCH_CPU_PROFILE === '1';
  if (profile) fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const children: ChildProcess[] = [];
  const checkouts = ['.', ...(process.env.BENCH_CPU_COMPARE?.split(',').filter(Boolean) ?? [])];
  try {
    const servers: Measured[] = [];
    for (const [index, checkout] of checkouts.entries()) {
      const port = PORT + (index === 0 ? 0 : index + 1);
      const child = startProductionServer(
        port,
        path.join(DATA_DIR, `uncached-${index}`),
        measuredServerEnv({ ...shared, RENDER_CACHE: 'off' }),
        {
          cwd: path.resolve(checkout),
          nodeFlags: profile && index === 0 ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
        },
      );
      children.push(child);
      const base = `http://127.0.0.1:${port}`;
      // One at a time: the first one migrates and seeds the shared database.
      await waitForReady(base);
      servers.push({ name: checkout, pid: child.pid!, base, pages: PAGES, spent: new Map() });
    }
    // The minimal page reads the same database once the site has migrated and seeded it.
    const minimal = start('scripts/bench-minimal-rr.ts', PORT + 1, 'minimal', shared);
    children.push(minimal);
    await waitForReady(`http://127.0.0.1:${PORT + 1}`);
    const baseline: Measured = {
      name: 'minimal',
      pid: minimal.pid!,
      base: `http://127.0.0.1:${PORT + 1}`,
      pages: ['/'],
      spent: new Map(),
    };

    await measureAll([...servers, baseline]);
    const minimalMs = baseline.spent.get('/')!;
    const rows = servers.flatMap((server) =>
      PAGES.map((page) => {
        const ms = server.spent.get(page)!;
        return {
          ...(checkouts.length > 1 ? { checkout: server.name } : {}),
          page,
          cpuMsPerRequest: ms,
          minimalCpuMs: minimalMs,
          minimalOverPage: Math.round((minimalMs / ms) * 100) / 100,
        };
      }),
    );
    console.log(
      `CPU ms per request, ${REQUESTS} requests of each in blocks of ${BLOCK} (${os.loadavg()[0]?.toFixed(1)} load):`,
    );
    console.table(rows);
  } finally {
    for (const child of children) await stop(child);
    await drop?.();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
    if (profile) console.log(`profile in ${PROFILE_DIR}`);
  }
}

await main();
