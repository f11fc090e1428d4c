/** What `npm run backup` writes and `npm run restore` reads (scripts/backup.ts). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type Env, loadEnv } from '#app/infra/env.server.ts';
import { isOperatorError } from '#app/infra/startup.server.ts';
import { createDb } from '#db/index.ts';

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  engine: 'postgres' | 'pglite';
  createdAt: string;
  /** Migrations applied in the saved database: a restore into older code is refused. */
  migrations: string[];
  images: 'included' | 's3' | 'none';
  sessionSecret: boolean;
}

const MANIFEST_FILE = 'manifest.json';

/** Writes the manifest of a backup being assembled in `work`, in the current format. */
export function writeManifest(work: string, fields: Omit<BackupManifest, 'format'>): BackupManifest {
  const manifest: BackupManifest = { format: BACKUP_FORMAT, ...fields };
  fs.writeFileSync(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads the manifest of the backup `file` unpacked into `work`; refuses a file that is no backup or of another format. */
export function readManifest(work: string, file: string): BackupManifest {
  const manifestFile = path.join(work, MANIFEST_FILE);
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${file} — не резервная копия сайта (нет ${MANIFEST_FILE}).`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Неизвестный формат копии: ${manifest.format}.`);
  return manifest;
}

/** A problem the operator can fix; its message is printed as is, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Fails with the install command when a program the backup needs is missing. */
export function requireTool(tool: string, install: string): void {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new BackupError(`Нужна программа ${tool}: ${install}`);
  }
}

/** What a backup or restore works with: the settings, the resolved DATA_DIR and a temporary folder of its own. */
export interface BackupWorkspace {
  env: Env;
  dataDir: string;
  work: string;
}

/**
 * Loads the settings, checks that `tar` is there and runs `step` in a fresh temporary folder (named after `prefix`),
 * which is removed afterwards whatever happens.
 */
export async function inBackupWorkspace(
  prefix: string,
  step: (workspace: BackupWorkspace) => Promise<void>,
): Promise<void> {
  const env = loadEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  requireTool('tar', 'apt-get install -y tar');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    await step({ env, dataDir, work });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export async function appliedMigrations(options: { databaseUrl: string }): Promise<string[]> {
  const handle = await createDb({ databaseUrl: options.databaseUrl, max: 1 });
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db);
    return rows.map((row) => row.name);
  } finally {
    await handle.close();
  }
}

/** Runs a backup or restore command: an operator's problem prints just its message, anything else its stack; exit code 1. */
export function runBackupScript(main: () => Promise<void>): void {
  main().catch((error) => {
    if (error instanceof BackupError || isOperatorError(error)) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
