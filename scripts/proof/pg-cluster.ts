/**
 * A throw-away PostgreSQL 15 cluster for the proof suite and the end-to-end database outage test: `initdb` into a
 * fresh temporary directory owned by the `postgres` user, listening on 127.0.0.1 at a free port with its socket in
 * that directory. It never touches any other cluster and is removed by `destroy()`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '#scripts/lib/free-port.ts';

export const PG_BIN = process.env.PROOF_PG_BIN ?? process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** Why a cluster cannot be made here, or null when it can. */
export function clusterUnavailableReason(): string | null {
  for (const tool of ['initdb', 'pg_ctl']) {
    if (!fs.existsSync(path.join(PG_BIN, tool))) return `${path.join(PG_BIN, tool)} not found`;
  }
  if (process.getuid?.() !== 0) return 'not root: cannot run initdb/pg_ctl as user postgres via runuser';
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    return 'no postgres user';
  }
  return null;
}

export interface Cluster {
  port: number;
  /** `postgres://…/proof`, a database made for the caller. */
  url: string;
  /** `pg_ctl stop -m fast`: connections are ended (57P01), as in a real restart. */
  stop(): void;
  start(): void;
  destroy(): void;
}

function asPostgres(args: string[]) {
  return execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function createCluster(): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proof-pg-'));
  const dataDir = path.join(dir, 'data');
  execFileSync('chown', ['postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  asPostgres([path.join(PG_BIN, 'initdb'), '-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = path.join(PG_BIN, 'pg_ctl');
  const cluster: Cluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/proof`,
    start() {
      asPostgres([
        pgCtl,
        '-D',
        dataDir,
        '-o',
        options,
        '-l',
        path.join(dir, 'postgres.log'),
        '-w',
        '-t',
        '30',
        'start',
      ]);
    },
    stop() {
      asPostgres([pgCtl, '-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
    },
    destroy() {
      try {
        if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) cluster.stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    cluster.start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE proof');
    await admin.end();
  } catch (error) {
    cluster.destroy();
    throw error;
  }
  return cluster;
}
