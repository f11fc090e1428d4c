/** `npm run migrate`: applies pending migrations to the configured database and exits. */
import path from 'node:path';
import { createDb, migrateToLatest } from '#db/index.ts';

const dataDir = path.join(process.env.DATA_DIR ?? 'data', 'pglite');
const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir });
try {
  const applied = await migrateToLatest(handle.db);
  console.log(JSON.stringify({ msg: 'migrations applied', applied }));
} finally {
  await handle.close();
}
