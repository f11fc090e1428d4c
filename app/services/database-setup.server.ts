/**
 * What every start does to the database before serving: pending migrations, pruning old content versions, and the demo
 * content when this start should fill an empty database (docs/demo-content.md). Used by `server/start.ts`, and by
 * `scripts/create-embedded-database.ts`, which does it in a child process on the embedded database's first start.
 */
import type { Logger } from 'pino';
import { demoContentPlan } from '#app/infra/demo-content.server.ts';
import type { Env } from '#app/infra/env.server.ts';
import { say } from '#app/infra/startup-notes.server.ts';
import type { Storage } from '#app/infra/storage.server.ts';
import { hasAnyGym } from '#app/models/gym.server.ts';
import { pruneRevisions } from '#app/models/revision.server.ts';
import { type DbHandle, FIRST_MIGRATION, migrateToLatest } from '#db/index.ts';

export async function prepareDatabase(
  database: DbHandle,
  { env, storage, logger }: { env: Env; storage: Storage; logger: Logger },
): Promise<void> {
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  // Versions of content past their keeping age (docs/revisions.md); cheap, so every start does it.
  const prunedRevisions = await pruneRevisions(database.db, new Date(), env.REVISIONS_KEEP_DAYS);
  if (prunedRevisions) logger.info({ prunedRevisions }, 'old content versions pruned');

  // The demo seed (its content and picture drawing) is loaded only when an empty database is about to be filled.
  const demo = demoContentPlan(env, {
    kind: database.kind,
    created: applied.includes(FIRST_MIGRATION),
    empty: !(await hasAnyGym(database.db)),
  });
  if (demo.seed) {
    say('Наполняю сайт демо-содержимым (клубы, расписание, картинки), это несколько секунд…');
    const { seedDemo } = await import('#db/demo/seed.ts');
    if (await seedDemo(database.db, storage, { bids: demo.bids })) logger.info('demo content seeded');
  }
}
