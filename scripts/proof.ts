/**
 * `npm run proof`: the standing proof suite, run by a person before a release (README, "Testing"). It makes a
 * throw-away PostgreSQL 15 cluster, starts the built server against it (`node server.ts`, production mode, its own
 * DATA_DIR, a free port on 127.0.0.1, an admin from ADMIN_EMAIL/ADMIN_PASSWORD, an editor from `npm run staff`) and
 * prints a table of figures, each with a verdict:
 *
 *   access    every /admin loader and action from app/routes.ts refuses the anonymous and changes nothing; an
 *             editor is refused what is for admins only;
 *   uploads   hostile files through a staff image form are refused or re-encoded clean;
 *   load      100 connections × PROOF_SECONDS (60) of pages and bids: 0 errors, every acknowledged bid a row, RSS
 *             after 30 s idle within 10% of before;
 *   fuzz      ≥ 1,000 bad submissions per public and staff action: 0 × 5xx, 0 invalid rows;
 *   fault     PostgreSQL stopped at 15 s and started at 30 s under 20 connections;
 *   shutdown  SIGTERM under keep-alive load with 20 bid POSTs in flight.
 *
 * All traffic goes to 127.0.0.0/8. PROOF_QUICK=1 runs access, a few submissions per action of fuzz and a 10 s fault
 * (what tests/e2e/proof-quick.spec.ts runs); PROOF_ONLY=load,fuzz picks checks; PROOF_SECONDS, PROOF_FUZZ_COUNT override the sizes. Without the
 * PostgreSQL binaries (or root, to run them as `postgres`) every check is printed as SKIP. Exit code 1 on any FAIL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '#app/infra/env.server.ts';
import { accessCheck } from '#scripts/proof/checks/access.ts';
import { faultCheck } from '#scripts/proof/checks/fault.ts';
import { fuzzCheck } from '#scripts/proof/checks/fuzz.ts';
import { loadCheck } from '#scripts/proof/checks/load.ts';
import { shutdownCheck } from '#scripts/proof/checks/shutdown.ts';
import { uploadsCheck } from '#scripts/proof/checks/uploads.ts';
import { type Cluster, clusterUnavailableReason, createCluster } from '#scripts/proof/pg-cluster.ts';
import { printTable, record, rows } from '#scripts/proof/report.ts';
import { EDITOR, ensureBuild, type RunningServer, serverEnv, startServer } from '#scripts/proof/server.ts';
import { createStaff } from '#scripts/proof/staff.ts';

const QUICK = process.env.PROOF_QUICK === '1';
const LOG_DIR = path.resolve('.proof-logs');
const CHECKS = ['access', 'uploads', 'load', 'fuzz', 'fault', 'shutdown'] as const;
type CheckName = (typeof CHECKS)[number];
/** A quick run (a test in `npm test`) proves access, fuzz and the database fault briefly. */
const only = (process.env.PROOF_ONLY ?? (QUICK ? 'access,fuzz,fault' : undefined))
  ?.split(',')
  .map((name) => name.trim());
const selected = CHECKS.filter((name) => !only || only.includes(name));
const SECONDS = Number(process.env.PROOF_SECONDS ?? (QUICK ? 4 : 60));
const IDLE_SECONDS = Number(process.env.PROOF_IDLE_SECONDS ?? (QUICK ? 3 : 30));
const FUZZ_COUNT = Number(process.env.PROOF_FUZZ_COUNT ?? (QUICK ? 2 : 1000));
const FAULT = QUICK ? { stopAt: 2, startAt: 5, endAt: 10 } : { stopAt: 15, startAt: 30, endAt: 45 };
/**
 * Seconds the server keeps answering (with /readyz 503) after SIGTERM before it drains: the server's own setting
 * (`SHUTDOWN_READINESS_DELAY_MS`, with its default, when the server has one), added to the 5 s exit limit.
 */
function shutdownGraceSeconds(): number {
  if (process.env.PROOF_SHUTDOWN_GRACE_SECONDS) return Number(process.env.PROOF_SHUTDOWN_GRACE_SECONDS);
  const env = parseEnv(serverEnv('postgres://127.0.0.1/proof', '/tmp', 1)) as Record<string, unknown>;
  return Number(env.SHUTDOWN_READINESS_DELAY_MS ?? 0) / 1000;
}

function machine() {
  const [one, five] = os.loadavg();
  return `${os.cpus().length} cores, load average ${one!.toFixed(1)} (1 min), ${five!.toFixed(1)} (5 min)`;
}

async function main(): Promise<number> {
  console.log(`proof suite${QUICK ? ' (quick)' : ''}: ${selected.join(', ')}`);
  console.log(`machine: ${machine()} at the start`);
  const unavailable = clusterUnavailableReason();
  if (unavailable) {
    for (const name of selected) record(name, `skipped: ${unavailable}`, '—', 'SKIP');
    printTable();
    return 0;
  }
  if (!ensureBuild()) {
    console.error('No build found: run `npm run build` first.');
    return 2;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'proof-run-'));
  // The server's log outlives the run, for whoever reads a FAIL.
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const serverLog = path.join(LOG_DIR, `server-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
  let cluster: Cluster | null = null;
  let server: RunningServer | null = null;
  const cleanUp = () => {
    if (server?.alive()) server.child.kill('SIGKILL');
    cluster?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  try {
    console.log('creating a throw-away PostgreSQL cluster…');
    cluster = await createCluster();
    const databaseUrl = cluster.url;
    const dataDir = path.join(work, 'data');
    console.log(`PostgreSQL on 127.0.0.1:${cluster.port}; starting the server…`);
    server = await startServer(databaseUrl, dataDir, serverLog);
    createStaff(databaseUrl, dataDir, EDITOR, 'editor');
    console.log(`server on ${server.base} (log ${path.relative('.', serverLog)})`);

    const run = async (name: CheckName, check: () => Promise<void>) => {
      if (!selected.includes(name)) return;
      console.log(`\n${name}…`);
      const started = Date.now();
      try {
        await check();
      } catch (error) {
        record(name, `did not complete: ${(error as Error).message}`, '—', 'FAIL');
      }
      console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    };
    const current = () => server!;
    await run('access', () => accessCheck(current(), databaseUrl, { postsPerRoute: QUICK ? 1 : 4 }));
    await run('uploads', () => uploadsCheck(current(), databaseUrl));
    await run('load', () =>
      loadCheck(current(), databaseUrl, { seconds: SECONDS, idleSeconds: IDLE_SECONDS, quick: QUICK }),
    );
    await run('fuzz', () => fuzzCheck(current(), databaseUrl, { perAction: FUZZ_COUNT }));
    await run('fault', async () => {
      await faultCheck(current(), cluster!, databaseUrl, FAULT);
      // A server the outage killed is started again for the checks after this one.
      if (!current().alive() && selected.includes('shutdown')) {
        server = await startServer(databaseUrl, dataDir, serverLog);
      }
    });
    await run('shutdown', () => shutdownCheck(current(), databaseUrl, shutdownGraceSeconds()));
  } catch (error) {
    record('setup', `failed: ${(error as Error).message}`, '—', 'FAIL');
  } finally {
    if (server?.alive()) await server.stop();
    cleanUp();
  }
  printTable();
  console.log(`machine: ${machine()} at the end (figures of a busy machine are lower)`);
  return rows.some((row) => row.verdict === 'FAIL') ? 1 : 0;
}

process.exitCode = await main();
