/**
 * The trial form's «Выбрать занятие» from the content cache (`loadTrialSessions`, ADR 53 addendum): the week's
 * sessions are read once until a change is announced; a sign-up that takes the last place announces itself, and the
 * next page no longer offers the session.
 */
import pino from 'pino';
import { expect, it, vi } from 'vitest';
import { createContentCache } from '#app/infra/content-cache.server.ts';
import { parseEnv } from '#app/infra/env.server.ts';
import { AppLoadContext } from '#app/infra/load-context.server.ts';
import { addDays, isoWeekday, todayIn } from '#app/lib/schedule.ts';
import { createSignup } from '#app/models/signup.server.ts';
import { NO_VISITOR_CHANNELS } from '#app/models/visitor-message.server.ts';
import { loadTrialSessions } from '#app/services/site-page.server.ts';
import { newSignup } from '#tests/fixtures/signups.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';
import { insertWeeklySlot } from '#tests/integration/rows.ts';

const SECRET = 'trial-sessions-test-secret-of-32-chars!';
/** The zone of a gym inserted without one. */
const ZONE = 'Europe/Moscow';
const silent = pino({ level: 'silent' });

describeEachDb('the trial form’s sessions from the content cache', (t) => {
  it('reads the week once, and offers a session no more once a sign-up takes its last place', async () => {
    const cache = createContentCache(t.testDb.handle, silent);
    await cache.start();
    try {
      const today = todayIn(ZONE);
      const date = addDays(today, 2);
      const { gymId, slotId } = await insertWeeklySlot(t.db, { weekday: isoWeekday(date), capacity: 1 });
      const services = { database: t.testDb.handle, cache };
      const context = new AppLoadContext(
        {
          env: parseEnv({ SESSION_SECRET: SECRET }),
          ...services,
          storage: null as never,
          logger: silent,
          sessionSecret: SECRET,
          buildId: 't',
        },
        { id: '1', nonce: 'n', logger: silent, ip: null },
      );
      const args = { context, request: new Request('http://club.test/') };
      const site = { services, db: t.db, gymId, timeZone: ZONE, today } as unknown as Parameters<
        typeof loadTrialSessions
      >[1];

      const first = await loadTrialSessions(args, site);
      expect(first.map((choice) => choice.label)).toEqual([expect.stringMatching(/Хатха-йога \(осталось 1 место\)$/)]);
      const reads = vi.spyOn(t.db, 'selectFrom');
      expect(await loadTrialSessions(args, site)).toEqual(first);
      expect(reads).not.toHaveBeenCalled();
      reads.mockRestore();

      const taken = await createSignup(
        t.db,
        newSignup({ slotId, gymId, date, waitingList: false }),
        [],
        NO_VISITOR_CHANNELS,
      );
      expect(taken.outcome).toBe('booked');
      await vi.waitFor(async () => expect(await loadTrialSessions(args, site)).toEqual([]));
    } finally {
      await cache.stop();
    }
  });
});
