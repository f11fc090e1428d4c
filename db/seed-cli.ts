/** `node db/seed-cli.ts`: migrates the configured database and fills it with demo content if it is empty. */
import path from 'node:path';
import { createLocalStorage, defaultStorageRoot } from '#app/infra/storage.server.ts';
import { seedDemo } from '#db/demo/seed.ts';
import { createDb, migrateToLatest } from '#db/index.ts';

const dataDir = process.env.DATA_DIR ?? 'data';
const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: path.join(dataDir, 'pglite') });
try {
  const applied = await migrateToLatest(handle.db);
  const started = performance.now();
  const seeded = await seedDemo(handle.db, createLocalStorage(defaultStorageRoot(dataDir)));
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
