import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { createStaffUser } from '#app/auth/accounts.server.ts';
import { createSession } from '#app/auth/session.server.ts';
import { authenticateLogin, LOGIN_LIMIT_PER_EMAIL_AND_IP } from '#app/auth/sign-in.server.ts';
import { consumeRateLimit } from '#app/models/rate-limit.server.ts';
import { pruneExpired, startHousekeeping } from '#app/services/housekeeping.server.ts';
import { describeEachDb } from '#tests/integration/db-harness.ts';

describeEachDb('housekeeping and lockout logs', (t) => {
  it('prunes expired rate-limit windows, sessions and sign-in challenges, and keeps live ones', async () => {
    const staffId = await createStaffUser(
      t.db,
      { email: 'keeper@club.test', role: 'editor', password: 'correct-horse-battery' },
      null,
    );
    await consumeRateLimit(t.db, 'hk:live', { points: 5, windowSeconds: 600 });
    await consumeRateLimit(t.db, 'hk:old', { points: 5, windowSeconds: 600 });
    await t.db
      .updateTable('rate_limits')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('key', '=', 'hk:old')
      .execute();
    const live = await createSession(t.db, staffId, { userAgent: 'test', ip: null });
    const old = await createSession(t.db, staffId, { userAgent: 'test', ip: null });
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', old)
      .execute();
    const challenge = (purpose: 'verify', id: string, expires: Date) =>
      t.db
        .insertInto('login_challenges')
        .values({ id, staff_user_id: staffId, purpose, redirect_to: '/admin', expires_at: expires })
        .execute();
    await challenge('verify', 'hk-live-challenge', new Date(Date.now() + 60_000));
    await challenge('verify', 'hk-old-challenge', new Date(Date.now() - 1000));

    // A record deleted 31 days ago: past the 30 days its versions are kept for restoring (docs/revisions.md).
    await t.db
      .insertInto('content_revisions')
      .values({
        section: 'hk-section',
        record_id: 1,
        kind: 'delete',
        data: JSON.stringify({ title: 'Удалено давно' }),
        staff_user_id: null,
        created_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000),
      })
      .execute();

    const counts = await pruneExpired(t.db, 180);
    expect(counts.rateLimits).toBeGreaterThanOrEqual(1);
    expect(counts.sessions).toBeGreaterThanOrEqual(1);
    expect(counts.loginChallenges).toBeGreaterThanOrEqual(1);
    expect(counts.revisions).toBeGreaterThanOrEqual(1);
    const sections = await t.db.selectFrom('content_revisions').select('section').execute();
    expect(sections.map((row) => row.section)).not.toContain('hk-section');

    const keys = (await t.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('hk:live');
    expect(keys).not.toContain('hk:old');
    const sessions = (await t.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
    expect(sessions).toContain(live);
    expect(sessions).not.toContain(old);
    const challenges = (await t.db.selectFrom('login_challenges').select('id').execute()).map((row) => row.id);
    expect(challenges).toContain('hk-live-challenge');
    expect(challenges).not.toContain('hk-old-challenge');
  });

  it('runs on a timer that does not hold the process and stops on request', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const logger = { debug: vi.fn(), warn: vi.fn() };
      const housekeeping = startHousekeeping({ db: t.db, logger, revisionsKeepDays: 180, intervalMs: 1000 });
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(logger.debug).toHaveBeenCalledTimes(1));
      await housekeeping.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(logger.debug).toHaveBeenCalledTimes(1);
      expect(logger.warn).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a login lockout once, with the email masked and the address', async () => {
    const warn = vi.fn();
    const attempt = () =>
      authenticateLogin(
        t.db,
        new Request('http://club.test/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email: 'victim.person@club.test', password: 'wrong' }),
        }),
        { ip: '10.9.8.7', logger: { warn } },
      ).catch(() => undefined);
    for (let i = 0; i < LOGIN_LIMIT_PER_EMAIL_AND_IP.points + 2; i++) await attempt();
    expect(warn).toHaveBeenCalledTimes(1);
    const [fields, message] = warn.mock.calls[0]!;
    expect(message).toBe('login locked after repeated failures');
    expect(fields.ip).toBe('10.9.8.7');
    expect(fields.email).toMatch(/^v\*\*\*@club\.test#[0-9a-f]{12}$/);
    expect(JSON.stringify(fields)).not.toContain('victim.person');
  });
});
