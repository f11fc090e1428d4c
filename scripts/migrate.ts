/** `npm run migrate`: applies pending migrations to the configured database and exits. */
// First of all: a tool restarts itself with a short-lived process's flags (app/infra/tool-process.server.ts).
import '#app/infra/tool-process.server.ts';
import path from 'node:path';
import { loadEnv } from '#app/infra/env.server.ts';
import { exitOnStartupError } from '#app/infra/startup.server.ts';
import { createDb, migrateToLatest } from '#db/index.ts';

const env = loadEnv();
const handle = await createDb({
  databaseUrl: env.DATABASE_URL,
  dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite'),
  lockOwner: 'миграции',
}).catch(exitOnStartupError);
try {
  const applied = await migrateToLatest(handle.db);
  console.log(JSON.stringify({ msg: 'migrations applied', applied }));
} finally {
  await handle.close();
}
