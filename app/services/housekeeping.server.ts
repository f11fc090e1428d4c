/**
 * Housekeeping on a timer (docs/security.md, "Rate limits"): expired rate-limit windows, staff sessions and
 * unfinished sign-ins are deleted every ten minutes, so the tables stay small however many clients come by; content
 * versions past their keeping age go in the same round (docs/revisions.md).
 */
import type { Logger } from 'pino';
import { pruneExpiredLoginChallenges } from '#app/auth/login-challenge.server.ts';
import { pruneExpiredSessions } from '#app/auth/session.server.ts';
import { startRounds } from '#app/infra/rounds.server.ts';
import { pruneRateLimits } from '#app/models/rate-limit.server.ts';
import { pruneRevisions } from '#app/models/revision.server.ts';
import type { Database } from '#db/index.ts';

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface PruneCounts {
  rateLimits: number;
  sessions: number;
  loginChallenges: number;
  revisions: number;
}

/** One round: every expired row goes; live ones stay. */
export async function pruneExpired(db: Database, revisionsKeepDays: number, now = new Date()): Promise<PruneCounts> {
  const rateLimits = await pruneRateLimits(db);
  const sessions = await pruneExpiredSessions(db);
  const loginChallenges = await pruneExpiredLoginChallenges(db);
  const revisions = await pruneRevisions(db, now, revisionsKeepDays);
  return { rateLimits, sessions, loginChallenges, revisions };
}

/** Runs `pruneExpired` every `intervalMs` (the timer does not keep the process alive); `stop()` ends it. */
export function startHousekeeping({
  db,
  logger,
  revisionsKeepDays,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
}: {
  db: Database;
  revisionsKeepDays: number;
  logger: Pick<Logger, 'debug' | 'warn'>;
  intervalMs?: number;
}) {
  return startRounds({
    round: async () => logger.debug(await pruneExpired(db, revisionsKeepDays), 'housekeeping: expired rows deleted'),
    intervalMs,
    logger,
    failure: 'housekeeping failed',
  });
}
