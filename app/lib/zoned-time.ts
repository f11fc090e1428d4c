/**
 * Fast, cached wall-clock formatting in a time zone, for exports that format a million timestamps: the zone's
 * offset is looked up with Intl once per zone and UTC day, and a moment is then written by arithmetic. A day on
 * which the offset changes (a DST switch) falls back to Intl for every moment in it, so the text is always exactly
 * what Intl writes (tests/unit/zoned-time.test.ts compares them).
 */
import { dateTimeFormat, timeZoneOffset } from '#app/lib/format.ts';

const DAY_MS = 86_400_000;

interface DayEntry {
  /** Local minus UTC, in ms; null when the offset changes within the day. */
  offsetMs: number | null;
  /** `GMT+5`, as timeZoneOffset() writes it; null when it changes within the day. */
  label: string | null;
}

/** The zone's local time minus UTC at a moment, in ms (whole seconds). */
export function zoneOffsetMs(timeZone: string, ms: number): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return local - Math.floor(ms / 1000) * 1000;
}

/**
 * Moments already worked out, by zone, date and time: a public page asks for every session of its week (when each
 * closes, starts and ends), two Intl look-ups each, on every render. The answer never changes for the same three
 * strings; the map is emptied when it grows past a bound.
 */
const moments = new Map<string, number>();
const MOMENTS_MAX = 20_000;

/** The moment a gym-local date and `HH:MM` time happen in `timeZone`, in ms since the epoch. */
export function zonedMoment(date: string, time: string, timeZone: string): number {
  const key = `${timeZone}|${date}|${time}`;
  let moment = moments.get(key);
  if (moment === undefined) {
    moment = computeZonedMoment(date, time, timeZone);
    if (moments.size >= MOMENTS_MAX) moments.clear();
    moments.set(key, moment);
  }
  return moment;
}

function computeZonedMoment(date: string, time: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const local = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the guess, then at the result: right on both sides of a DST switch.
  const guess = local - zoneOffsetMs(timeZone, local);
  return local - zoneOffsetMs(timeZone, guess);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `23.11.2026, 14:05` — Intl's ru-RU `dateStyle: 'short', timeStyle: 'short'`. */
export function formatRuShortDateTime(value: Date | string | number, timeZone: string): string {
  return dateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(value));
}

const epochMs = (value: Date | string | number) =>
  typeof value === 'number' ? value : value instanceof Date ? value.getTime() : new Date(value).getTime();

/** A formatter with its own cache (one per export, so the cache lives as long as the export). */
export function createZonedClock() {
  const days = new Map<string, DayEntry>();

  // Rows come in time order, mostly from a few zones: the last day looked up per zone answers most of them.
  const lastDay = new Map<string, { start: number; entry: DayEntry }>();

  function day(timeZone: string, ms: number): DayEntry {
    const start = Math.floor(ms / DAY_MS) * DAY_MS;
    const last = lastDay.get(timeZone);
    if (last && last.start === start) return last.entry;
    const entry = lookUp(timeZone, start);
    lastDay.set(timeZone, { start, entry });
    return entry;
  }

  function lookUp(timeZone: string, start: number): DayEntry {
    const key = `${timeZone}|${start}`;
    let entry = days.get(key);
    if (!entry) {
      if (days.size > 50_000) days.clear();
      const first = zoneOffsetMs(timeZone, start);
      const last = zoneOffsetMs(timeZone, start + DAY_MS - 1000);
      const firstLabel = timeZoneOffset(timeZone, new Date(start));
      const lastLabel = timeZoneOffset(timeZone, new Date(start + DAY_MS - 1));
      entry = {
        offsetMs: first === last && first % 60_000 === 0 ? first : null,
        label: firstLabel === lastLabel ? firstLabel : null,
      };
      days.set(key, entry);
    }
    return entry;
  }

  return {
    /** `23.11.2026, 14:05` in the zone. */
    dateTime(value: Date | string | number, timeZone: string): string {
      const ms = epochMs(value);
      if (!Number.isFinite(ms)) return formatRuShortDateTime(value, timeZone);
      const { offsetMs } = day(timeZone, ms);
      if (offsetMs === null) return formatRuShortDateTime(value, timeZone);
      const local = new Date(ms + offsetMs);
      const year = local.getUTCFullYear();
      if (year < 1000 || year > 9999) return formatRuShortDateTime(value, timeZone);
      return `${pad2(local.getUTCDate())}.${pad2(local.getUTCMonth() + 1)}.${year}, ${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`;
    },
    /** `GMT+5`, as timeZoneOffset() writes it for that moment. */
    offset(value: Date | string | number, timeZone: string): string {
      const ms = epochMs(value);
      if (!Number.isFinite(ms)) return timeZoneOffset(timeZone, value);
      return day(timeZone, ms).label ?? timeZoneOffset(timeZone, value);
    },
  };
}
