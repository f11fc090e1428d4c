/**
 * The timer of a background worker (housekeeping, scheduled changes): one round at a time, a failure logged, a
 * database outage left to the outage monitor (docs/security.md, "Database outage"), which logs it once; the next round
 * tries again.
 */
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '#app/infra/database-outage.server.ts';

/**
 * Runs `round` every `intervalMs` (and at once with `startNow`); a round still running when the next is due is not
 * started twice. The timer does not keep the process alive; `stop()` ends it and waits for a round in progress.
 */
export function startRounds({
  round,
  intervalMs,
  logger,
  failure,
  startNow = false,
}: {
  round: () => Promise<void>;
  intervalMs: number;
  logger: Pick<Logger, 'warn'>;
  /** The log message of a failed round. */
  failure: string;
  startNow?: boolean;
}) {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= round()
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) logger.warn({ err: error }, failure);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (startNow) tick();
  return {
    /** Stops the timer and waits for a round in progress. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
