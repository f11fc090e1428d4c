import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseReady } from '#app/infra/health.server.ts';
import { createDb } from '#db/index.ts';
import { availableDbKinds, openTestDb } from '#tests/integration/db-harness.ts';

describe('readiness (GET /readyz)', () => {
  it.each(availableDbKinds())('is ready while %s answers', async (kind) => {
    const test = await openTestDb(kind);
    try {
      expect(await isDatabaseReady(test.db)).toBe(true);
    } finally {
      await test.close();
    }
  });

  it('is not ready once the database is gone (503)', async () => {
    const handle = await createDb({ dataDir: 'memory://' });
    await handle.close();
    expect(await isDatabaseReady(handle.db)).toBe(false);
  });

  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('is not ready when PostgreSQL cannot be reached', async () => {
    const handle = await createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere' });
    closers.push(() => handle.close());
    expect(await isDatabaseReady(handle.db, 1000)).toBe(false);
  });
});
