/**
 * `npm run restore -- <file> [--force]`: puts back a backup of `npm run backup` (scripts/backup.ts) into the
 * configured database and DATA_DIR. Stop the server first. An existing PGlite directory is kept as
 * `pglite.before-restore-<time>`; a PostgreSQL database must be empty unless `--force` (then its tables are replaced).
 * An archive holding a link, or a path that leaves the folder it is unpacked into, is refused before anything is
 * written (docs/security.md, "Backups").
 */
// First of all: a tool restarts itself with a short-lived process's flags (app/infra/tool-process.server.ts).
import '#app/infra/tool-process.server.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { extract, type ReadEntry } from 'tar';
import { createDb } from '#db/index.ts';
import { migrations } from '#db/migrations/index.ts';
import { acquirePgliteLock } from '#db/pglite-lock.ts';
import {
  BackupError,
  checkArchive,
  inBackupWorkspace,
  pgToolConnection,
  privateFilesFromNowOn,
  readArguments,
  readManifest,
  refusedMember,
  requireTool,
  runBackupScript,
} from '#scripts/backup-common.ts';

const USAGE = 'Как запустить: npm run restore -- файл.tar.gz [--force]';

async function main(): Promise<void> {
  privateFilesFromNowOn();
  const { positionals, values } = readArguments(
    { allowPositionals: true, options: { force: { type: 'boolean' } } },
    USAGE,
  );
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new BackupError(USAGE);
  if (!fs.existsSync(file)) throw new BackupError(`Файл ${file} не найден.`);
  await checkArchive(file);
  await inBackupWorkspace('club-restore-', async ({ env, dataDir, work }) => {
    // The same reader that checked the members unpacks them, and again only plain files and folders.
    await extract({
      file,
      cwd: work,
      strict: true,
      preserveOwner: false,
      filter: (_path, entry) => !('type' in entry) || refusedMember(entry as ReadEntry) === null,
    });
    const manifest = readManifest(work, file);
    // PGlite's own dump is an archive too, unpacked by PGlite into the data directory.
    const pgliteDump = path.join(work, 'pglite.tar.gz');
    if (fs.existsSync(pgliteDump)) await checkArchive(pgliteDump, { shownAs: file, rooted: true });
    const unknown = manifest.migrations.filter((name) => !(name in migrations));
    if (unknown.length) {
      throw new BackupError(
        `Копия сделана более новой версией сайта (миграции ${unknown.join(', ')}): обновите код и повторите.`,
      );
    }
    const engine = env.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.engine !== engine) {
      throw new BackupError(
        manifest.engine === 'postgres'
          ? 'Это копия базы PostgreSQL: задайте DATABASE_URL той базы, куда её восстановить.'
          : 'Это копия встроенной базы PGlite: восстановите её без DATABASE_URL (в DATA_DIR).',
      );
    }

    if (env.DATABASE_URL) {
      requireTool('pg_restore', 'apt-get install -y postgresql-client');
      const handle = await createDb({ databaseUrl: env.DATABASE_URL, max: 1 });
      try {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::integer AS n FROM information_schema.tables WHERE table_schema = 'public'
        `.execute(handle.db);
        if (rows[0]!.n > 0 && !values.force) {
          throw new BackupError(
            'В базе DATABASE_URL уже есть таблицы. Восстановите в пустую базу или добавьте --force (таблицы будут заменены).',
          );
        }
      } finally {
        await handle.close();
      }
      const connection = pgToolConnection(env.DATABASE_URL);
      execFileSync(
        'pg_restore',
        [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--dbname',
          connection.url,
          path.join(work, 'database.pgdump'),
        ],
        { stdio: ['ignore', 'inherit', 'inherit'], env: connection.env },
      );
    } else {
      const pgliteDir = path.join(dataDir, 'pglite');
      const release = acquirePgliteLock(pgliteDir, 'восстановление из копии');
      try {
        if (fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0) {
          const aside = `${pgliteDir}.before-restore-${Date.now()}`;
          fs.renameSync(pgliteDir, aside);
          console.log(`Прежняя база сохранена в ${aside}`);
        }
        const dump = new Blob([fs.readFileSync(path.join(work, 'pglite.tar.gz'))]);
        const pglite = await PGlite.create(pgliteDir, { loadDataDir: dump });
        await pglite.close();
      } finally {
        release();
      }
    }

    if (fs.existsSync(path.join(work, 'uploads'))) {
      fs.cpSync(path.join(work, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
    }
    if (fs.existsSync(path.join(work, 'session-secret')) && !env.SESSION_SECRET) {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.copyFileSync(path.join(work, 'session-secret'), path.join(dataDir, 'session-secret'));
      fs.chmodSync(path.join(dataDir, 'session-secret'), 0o600);
    }
    console.log(
      `Восстановлено из ${file} (копия от ${manifest.createdAt}). Запустите сервер: недостающие миграции он применит сам.`,
    );
  });
}

runBackupScript(main);
