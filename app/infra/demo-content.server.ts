/**
 * Whether this start fills the database with the demo content (docs/demo-content.md). The decision only: the seed
 * itself (db/demo/seed.ts) is imported by app/services/database-setup.server.ts when the answer is yes.
 */
import type { Env } from '#app/infra/env.server.ts';

export interface DemoPlan {
  seed: boolean;
  /** Made-up bids too: only in the embedded database, never in PostgreSQL. */
  bids: boolean;
}

/**
 * - Embedded PGlite: on by default, but only on the very first start (the database was created just now), so a
 *   club that deleted every demo gym does not get them back at the next restart.
 * - PostgreSQL (`DATABASE_URL`): off unless `DEMO_CONTENT=1`; then seeded into an empty database, without bids.
 * - `DEMO_CONTENT=0`: off for both; `DEMO_CONTENT=1`: on whenever the database has no gym.
 */
export function demoContentPlan(
  env: Pick<Env, 'DEMO_CONTENT'>,
  database: { kind: 'postgres' | 'pglite'; created: boolean; empty: boolean },
): DemoPlan {
  const bids = database.kind === 'pglite';
  if (!database.empty || env.DEMO_CONTENT === '0') return { seed: false, bids };
  if (env.DEMO_CONTENT === '1') return { seed: true, bids };
  return { seed: database.kind === 'pglite' && database.created, bids };
}
