/** `node scripts/seed.ts`: migrates the configured database and fills it with demo content if it is empty. */
// First of all: a tool restarts itself with a short-lived process's flags (app/infra/tool-process.server.ts).
import '#app/infra/tool-process.server.ts';
import path from 'node:path';
import { loadEnv } from '#app/infra/env.server.ts';
import { exitOnStartupError } from '#app/infra/startup.server.ts';
import { createStorageFromEnv } from '#app/infra/storage.server.ts';
import { seedDemo } from '#db/demo/seed.ts';
import { createDb, migrateToLatest } from '#db/index.ts';

const env = loadEnv();
const dataDir = path.resolve(env.DATA_DIR);
const handle = await createDb({
  databaseUrl: env.DATABASE_URL,
  dataDir: path.join(dataDir, 'pglite'),
  lockOwner: 'демо-наполнение',
}).catch(exitOnStartupError);
try {
  const applied = await migrateToLatest(handle.db);
  const started = performance.now();
  const { storage } = createStorageFromEnv(env, dataDir);
  const seeded = await seedDemo(handle.db, storage, { bids: handle.kind === 'pglite' });
  console.log(
    JSON.stringify({
      msg: seeded ? 'demo content seeded' : 'database already has content, seed skipped',
      migrations: applied,
      ms: Math.round(performance.now() - started),
    }),
  );
} finally {
  await handle.close();
}
