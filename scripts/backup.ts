/**
 * `npm run backup [-- <file>]` (or `--out <file>`): one `.tar.gz` with everything needed to bring the site back
 * (README, backups):
 *
 *   manifest.json      engine, time, applied migrations
 *   database.pgdump    PostgreSQL (`DATABASE_URL`): pg_dump's custom format, taken while the site runs
 *   pglite.tar.gz      embedded PGlite: its data directory (PGlite's own dump; the server must be stopped)
 *   uploads/           the uploaded images, when they are on local disk (S3 buckets are backed up by their provider)
 *   session-secret     the generated session secret (it also encrypts the two-factor secrets), when there is one
 *
 * The archive is its owner's alone from its first byte (0600, in a folder made 0700) and appears under its name only
 * when complete (docs/security.md, "Backups"). `npm run restore -- <file>` (scripts/restore.ts) puts it back.
 */
// First of all: a tool restarts itself with a short-lived process's flags (app/infra/tool-process.server.ts).
import '#app/infra/tool-process.server.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquirePgliteLock } from '#db/pglite-lock.ts';
import {
  appliedMigrations,
  BackupError,
  inBackupWorkspace,
  pgToolConnection,
  privateFilesFromNowOn,
  readArguments,
  requireTool,
  runBackupScript,
  writeManifest,
} from '#scripts/backup-common.ts';

const USAGE = 'Как запустить: npm run backup [-- файл.tar.gz] (без имени — backups/club-<дата>-<время>.tar.gz)';

async function main(): Promise<void> {
  privateFilesFromNowOn();
  const { values, positionals } = readArguments(
    { allowPositionals: true, options: { out: { type: 'string' } } },
    USAGE,
  );
  if (positionals.length > 1 || (positionals.length === 1 && values.out !== undefined)) throw new BackupError(USAGE);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '-');
  const out = path.resolve(values.out ?? positionals[0] ?? path.join('backups', `club-${stamp}.tar.gz`));
  requireTool('tar', 'apt-get install -y tar');
  await inBackupWorkspace('club-backup-', async ({ env, dataDir, work }) => {
    let migrations: string[];
    if (env.DATABASE_URL) {
      requireTool('pg_dump', 'apt-get install -y postgresql-client');
      const connection = pgToolConnection(env.DATABASE_URL);
      execFileSync(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          '--file',
          path.join(work, 'database.pgdump'),
          connection.url,
        ],
        { stdio: ['ignore', 'inherit', 'inherit'], env: connection.env },
      );
      migrations = await appliedMigrations({ databaseUrl: env.DATABASE_URL });
    } else {
      const pgliteDir = path.join(dataDir, 'pglite');
      if (!fs.existsSync(pgliteDir)) throw new BackupError(`В ${pgliteDir} нет базы данных: копировать нечего.`);
      const release = acquirePgliteLock(pgliteDir, 'резервное копирование');
      try {
        const pglite = await PGlite.create(pgliteDir);
        try {
          const dump = await pglite.dumpDataDir('gzip');
          fs.writeFileSync(path.join(work, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
          const { rows } = await pglite.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
          migrations = rows.map((row) => row.name);
        } finally {
          await pglite.close();
        }
      } finally {
        release();
      }
    }

    const uploads = path.join(dataDir, 'uploads');
    const localImages = !env.S3_ENDPOINT && fs.existsSync(uploads);
    if (localImages) fs.cpSync(uploads, path.join(work, 'uploads'), { recursive: true });
    const secret = path.join(dataDir, 'session-secret');
    if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(work, 'session-secret'));

    const manifest = writeManifest(work, {
      engine: env.DATABASE_URL ? 'postgres' : 'pglite',
      createdAt: new Date().toISOString(),
      migrations,
      images: env.S3_ENDPOINT ? 's3' : localImages ? 'included' : 'none',
      sessionSecret: fs.existsSync(secret),
    });
    writeArchive(work, out);
    const size = (fs.statSync(out).size / 1024 / 1024).toFixed(1);
    console.log(
      `Резервная копия: ${out} (${size} МБ; база ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}${
        manifest.images === 'included' ? ', картинки' : manifest.images === 's3' ? '; картинки в S3 не входят' : ''
      }${manifest.sessionSecret ? ', секрет сессий' : ''}).`,
    );
  });
}

/**
 * Packs `work` into `out`: into a new file beside it, opened 0600 by us (tar only writes to it), renamed into place
 * once complete. A failure or a stop on the way removes the unfinished file: no partial archive is left behind.
 */
function writeArchive(work: string, out: string): void {
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const partial = path.join(path.dirname(out), `.${path.basename(out)}.partial-${process.pid}`);
  const fd = fs.openSync(partial, 'wx', 0o600);
  const removePartial = () => fs.rmSync(partial, { force: true });
  const stopped = () => {
    removePartial();
    process.exit(130);
  };
  process.once('SIGINT', stopped);
  process.once('SIGTERM', stopped);
  let open = true;
  try {
    execFileSync('tar', ['-cz', '-C', work, '.'], { stdio: ['ignore', fd, 'inherit'] });
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    open = false;
    fs.renameSync(partial, out);
  } catch (error) {
    if (open) fs.closeSync(fd);
    removePartial();
    throw error;
  } finally {
    process.off('SIGINT', stopped);
    process.off('SIGTERM', stopped);
  }
}

runBackupScript(main);
