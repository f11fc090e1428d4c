/**
 * `npm run bench:cpu`: the server's CPU time per uncached page, a figure a loaded machine hardly moves (requests per
 * second do): the server's user + system time (`/proc/<pid>/stat`) before and after BENCH_CPU_REQUESTS (200)
 * sequential requests of each of `/`, `/shedule`, `/coaches` to a server started with RENDER_CACHE=off, and of the
 * minimal React Router page (scripts/bench-minimal-rr.ts); then the ratio minimal / page, the CPU counterpart of
 * `npm run bench`'s uncached / minimal throughput. BENCH_CPU_PROFILE=1 also writes a V8 CPU profile of the uncached
 * server (`--cpu-prof`, in .bench-cpu-profile/).
 *
 * Environment as `npm run bench`: BENCH_DATABASE_URL=postgres://… (a fresh database, dropped at the end), or PGlite;
 * BENCH_SKIP_BUILD=1, BENCH_PORT (3190; this script uses +10, +11).
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

/** CPU ms per request of `url` on the server `pid`: warmed up first, then REQUESTS one after another. */
async function measure(pid: number, url: string): Promise<number> {
  for (let i = 0; i < 30; i++) await (await fetch(url, { headers: IDENTITY })).arrayBuffer();
  const before = cpuMs(pid);
  for (let i = 0; i < REQUESTS; i++) {
    const response = await fetch(url, { headers: IDENTITY });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  }
  return Math.round(((cpuMs(pid) - before) / REQUESTS) * 100) / 100;
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
  try {
    const uncached = start(
      'server.ts',
      PORT,
      'uncached',
      { ...shared, RENDER_CACHE: 'off' },
      profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    );
    children.push(uncached);
    await waitForReady(`http://127.0.0.1:${PORT}`);
    // The minimal page reads the same database once the site has migrated and seeded it.
    const minimal = start('scripts/bench-minimal-rr.ts', PORT + 1, 'minimal', shared);
    children.push(minimal);
    await waitForReady(`http://127.0.0.1:${PORT + 1}`);

    const minimalMs = await measure(minimal.pid!, `http://127.0.0.1:${PORT + 1}/`);
    const rows = [];
    for (const page of PAGES) {
      const ms = await measure(uncached.pid!, `http://127.0.0.1:${PORT}${page}`);
      rows.push({
        page,
        cpuMsPerRequest: ms,
        minimalCpuMs: minimalMs,
        minimalOverPage: Math.round((minimalMs / ms) * 100) / 100,
      });
    }
    console.log(`CPU ms per request, ${REQUESTS} sequential requests each (${os.loadavg()[0]?.toFixed(1)} load):`);
    console.table(rows);
  } finally {
    for (const child of children) await stop(child);
    await drop?.();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
    if (profile) console.log(`profile in ${PROFILE_DIR}`);
  }
}

await main();
