/** What `npm run backup` writes and `npm run restore` reads (scripts/backup.ts). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { sql } from 'kysely';
import { list, type ReadEntry } from 'tar';
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

/** What an archive of `npm run backup` holds: files and folders, nothing else. */
const MEMBER_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/**
 * Why a member of a backup archive is refused, or null when it is a plain file or folder inside the archive.
 * PGlite's own dump names its files from the data directory's root (`/PG_VERSION`): `rooted` allows that.
 */
export function refusedMember(entry: Pick<ReadEntry, 'type' | 'path'>, { rooted = false } = {}): string | null {
  if (!MEMBER_TYPES.has(entry.type)) {
    return entry.type === 'SymbolicLink' || entry.type === 'Link' ? 'ссылка' : 'не файл и не папка';
  }
  const name = entry.path.replace(/\/+$/, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL or a newline in a name is refused
  if (/[\\\u0000-\u001f]/.test(name)) return 'недопустимое имя';
  if (!rooted && (path.posix.isAbsolute(name) || /^[a-z]:/i.test(name))) return 'путь от корня диска';
  if (name.split('/').includes('..')) return 'путь выходит из папки копии';
  return null;
}

/**
 * Reads the whole archive (`shownAs` in messages) and refuses it when a member is not a plain file or folder inside
 * it (docs/security.md, "Backups"): nothing is unpacked before this passed.
 */
export async function checkArchive(file: string, { shownAs = file, rooted = false } = {}): Promise<void> {
  let problem: string | null = null;
  await list({
    file,
    strict: true,
    onReadEntry: (entry) => {
      const why = refusedMember(entry, { rooted });
      if (why && !problem) problem = `Копия ${shownAs} не принята: «${entry.path}» — ${why}. Ничего не изменено.`;
      entry.resume();
    },
  }).catch((error: unknown) => {
    throw new BackupError(`${shownAs} — не архив резервной копии (${(error as Error).message}).`);
  });
  if (problem) throw new BackupError(problem);
}

/** A problem the operator can fix; its message is printed as is, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * What `pg_dump`/`pg_restore` are given for `DATABASE_URL`: the address without its password, which goes in
 * `PGPASSWORD` instead. A command line is readable by every local user (`ps`, /proc); the environment is not.
 */
export function pgToolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get('password');
  url.password = '';
  url.searchParams.delete('password');
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: url.toString(), env };
}

/**
 * Makes everything this process and the programs it runs create readable by its owner only (files 0600, folders
 * 0700), from their first byte: a backup holds the whole database and the session secret.
 */
export function privateFilesFromNowOn(): void {
  process.umask(0o077);
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

/**
 * The command's arguments by `parseArgs`; arguments it does not take are a `BackupError` with `usage` (one line,
 * Russian), not a stack trace.
 */
export function readArguments<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch {
    throw new BackupError(usage);
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
