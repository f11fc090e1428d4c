/**
 * Changes that publish themselves (docs/product/scheduling.md): the worker that applies due scheduled changes, and
 * the reading of the «Опубликовать с» / «Снять с публикации» fields of a content form.
 *
 * Every instance runs the worker. Each change is applied in one transaction that locks its row (FOR UPDATE SKIP
 * LOCKED), writes the record, keeps a version of kind `scheduled`, audits it, announces the change to every
 * instance's caches (ADR 33, 41: the render cache is cleared through PostgreSQL) and marks the row applied, so
 * however many instances poll, a change is applied exactly once; a crash before the commit leaves it pending.
 */
import fs from 'node:fs';
import type { Logger } from 'pino';
import { sectionByKey } from '#app/admin/sections.ts';
import { isDatabaseUnavailable } from '#app/infra/database-outage.server.ts';
import { startRounds } from '#app/infra/rounds.server.ts';
import { zonedMoment } from '#app/lib/zoned-time.ts';
import { getRow, setPublishedInTransaction, updateRowInTransaction } from '#app/models/admin/content.server.ts';
import { claimDueChange, markChangeApplied } from '#app/models/scheduled-change.server.ts';
import type { ParsedValues } from '#app/services/admin-form.server.ts';
import type { Database } from '#db/index.ts';

export const DEFAULT_SCHEDULER_POLL_MS = 15_000;
/** At most this many changes per round; the next round continues. */
const ROUND_LIMIT = 200;

/**
 * The scheduler's clock: the real one, or, when `TEST_CLOCK_FILE` is set, the moment written in that file (an ISO
 * string), so browser tests move time forward without waiting. Read on every round; a missing or unreadable file
 * is the real clock.
 */
export function schedulerClock(testClockFile: string | undefined): () => Date {
  if (!testClockFile) return () => new Date();
  return () => {
    try {
      const text = fs.readFileSync(testClockFile, 'utf8').trim();
      const ms = Date.parse(text);
      return Number.isFinite(ms) ? new Date(ms) : new Date();
    } catch {
      return new Date();
    }
  };
}

class ChangeNotApplicable extends Error {}

/** Applies one due change, if any; returns its id, or null when none is due. */
export async function applyNextDueChange(db: Database, now: Date): Promise<number | null> {
  let claimedId: number | null = null;
  try {
    return await db.transaction().execute(async (trx) => {
      const change = await claimDueChange(trx, now);
      if (!change) return null;
      claimedId = change.id;
      const section = sectionByKey(change.section);
      if (!section) throw new ChangeNotApplicable('Раздел больше не существует');
      const current = await getRow(trx, section, change.record_id);
      if (!current) throw new ChangeNotApplicable('Запись удалена');
      // The author of the change is named in the version and the audit entry; the action says it came by schedule.
      const author = change.created_by;
      if (change.action === 'update') {
        const values = (typeof change.data === 'string' ? JSON.parse(change.data) : change.data) as ParsedValues;
        const version = section.versioned ? Number(current.version) : null;
        const result = await updateRowInTransaction(
          trx,
          section,
          change.record_id,
          version,
          values,
          author,
          'scheduled',
        );
        if (!result.ok) throw new ChangeNotApplicable('Запись изменилась во время применения');
      } else {
        await setPublishedInTransaction(trx, section, change.record_id, change.action === 'publish', author, true);
      }
      await markChangeApplied(trx, change.id, now);
      return change.id;
    });
  } catch (error) {
    if (claimedId === null || isDatabaseUnavailable(error)) throw error;
    // A change that cannot be applied (the record is gone, a reference was deleted) is closed with the reason and
    // shown on the staff page; retrying would fail the same way every round.
    const reason =
      error instanceof ChangeNotApplicable
        ? error.message
        : (error as { code?: string }).code === '23503'
          ? 'Связанная запись удалена'
          : 'Значения не прошли проверку базы данных';
    await markChangeApplied(db, claimedId, now, reason);
    if (!(error instanceof ChangeNotApplicable)) throw error;
    return claimedId;
  }
}

/** Applies every change due at `now`; returns how many were taken. */
export async function applyDueChanges(db: Database, now: Date, logger?: Pick<Logger, 'warn'>): Promise<number> {
  let count = 0;
  while (count < ROUND_LIMIT) {
    let id: number | null;
    try {
      id = await applyNextDueChange(db, now);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      logger?.warn({ err: error }, 'scheduled change failed');
      count += 1;
      continue;
    }
    if (id === null) break;
    count += 1;
  }
  return count;
}

/** Runs `applyDueChanges` every `pollMs` on the scheduler's clock; `stop()` ends it. */
export function startScheduledChanges({
  db,
  logger,
  pollMs = DEFAULT_SCHEDULER_POLL_MS,
  now = () => new Date(),
}: {
  db: Database;
  logger: Pick<Logger, 'debug' | 'warn'>;
  pollMs?: number;
  now?: () => Date;
}) {
  return startRounds({
    round: async () => {
      const count = await applyDueChanges(db, now(), logger);
      if (count) logger.debug({ count }, 'scheduled changes applied');
    },
    intervalMs: pollMs,
    logger,
    failure: 'scheduled changes round failed',
    startNow: true,
  });
}

/** `2026-12-01T00:00` (an `<input type="datetime-local">`) in `timeZone` as a moment; null when it is not one. */
export function parseLocalMoment(text: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!match) return null;
  const ms = zonedMoment(match[1]!, match[2]!, timeZone);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** A moment as `<input type="datetime-local">` shows it in `timeZone`: `2026-12-01T00:00`. */
export function localMomentValue(value: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(value));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

export interface ScheduleFields {
  publishAt: Date | null;
  unpublishAt: Date | null;
}

/**
 * Reads «Опубликовать с» and «Снять с публикации» (`publish_at`, `unpublish_at`) in the record's zone. Each must be
 * a moment in the future; removal after publication.
 */
export function readScheduleFields(
  form: FormData,
  timeZone: string,
  now: Date,
  raw: Record<string, unknown>,
  errors: Record<string, string>,
): ScheduleFields {
  const read = (name: string) => {
    const value = form.get(name);
    const text = typeof value === 'string' ? value.trim() : '';
    raw[name] = text;
    if (text === '') return null;
    const moment = parseLocalMoment(text, timeZone);
    if (!moment) {
      errors[name] = 'Укажите дату и время, например 01.12.2026 00:00';
      return null;
    }
    if (moment.getTime() <= now.getTime()) {
      errors[name] = 'Укажите время в будущем';
      return null;
    }
    return moment;
  };
  const publishAt = read('publish_at');
  const unpublishAt = read('unpublish_at');
  if (publishAt && unpublishAt && unpublishAt <= publishAt) {
    errors.unpublish_at = 'Снять с публикации можно только после публикации';
  }
  return { publishAt, unpublishAt };
}
