/**
 * Run by `server.ts` as a child process on the first start with the embedded database (no `DATABASE_URL`, no
 * `DATA_DIR/pglite` yet): creates the PGlite directory, applies the migrations, fills in the demo content, and exits.
 *
 * - Memory: creating a database (PostgreSQL's initdb inside WebAssembly) and drawing the demo pictures leave a process
 *   with ~60 MB of memory it never gives back; done in a process that ends, none of it stays in the server
 *   (docs/decisions/0034-v8-heap-sizing.md, addendum 3).
 * - Atomic: the database is made in `pglite.creating` and renamed to `pglite` only when complete, so a first start
 *   stopped halfway leaves nothing that a later start would open as a database; that start begins again.
 *
 * Not meant to be run by hand: `npm start` does it.
 */
// First of all: a tool restarts itself with a short-lived process's flags (app/infra/tool-process.server.ts).
import '#app/infra/tool-process.server.ts';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadEnv } from '#app/infra/env.server.ts';
import { exitOnStartupError } from '#app/infra/startup.server.ts';
import { createStorageFromEnv } from '#app/infra/storage.server.ts';
import { prepareDatabase } from '#app/services/database-setup.server.ts';
import { createDb } from '#db/index.ts';
import { acquirePgliteLock } from '#db/pglite-lock.ts';

const env = loadEnv();
const logger = pino({ level: env.LOG_LEVEL, base: { service: 'sports-club' } });
const dataDir = path.resolve(env.DATA_DIR);
const target = path.join(dataDir, 'pglite');
const creating = `${target}.creating`;

try {
  // What a stopped first start left behind goes, unless another process is creating it right now (then: refused).
  const release = acquirePgliteLock(creating, 'сервер');
  fs.rmSync(creating, { recursive: true, force: true });
  release();
} catch (error) {
  exitOnStartupError(error);
}
const database = await createDb({ dataDir: creating, lockOwner: 'сервер' }).catch(exitOnStartupError);
try {
  await prepareDatabase(database, { env, storage: createStorageFromEnv(env, dataDir).storage, logger });
} finally {
  await database.close();
}
fs.renameSync(creating, target);
