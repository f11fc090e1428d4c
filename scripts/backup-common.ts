/** What `npm run backup` writes and `npm run restore` reads (scripts/backup.ts). */
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
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
