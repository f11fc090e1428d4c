import { dateTimeFormat } from '#app/lib/format.ts';
import { parseId } from '#app/lib/id.ts';
/**
 * Week math and session expansion for the public schedule. Pure and shared by server and client.
 * Dates are gym-local `YYYY-MM-DD` strings; arithmetic runs on UTC noon so no time zone or DST can shift a day.
 */

export const ISO_WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;
const DAY_MS = 86_400_000;
const MIN_YEAR = 2000;
const MAX_YEAR = 2100;

export const WEEKDAY_NAMES = [
  'Понедельник',
  'Вторник',
  'Среда',
  'Четверг',
  'Пятница',
  'Суббота',
  'Воскресенье',
] as const;
export const WEEKDAY_SHORT = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

export type TimeOfDay = 'morning' | 'day' | 'evening';
/** Filter buckets by local start time: before 12:00, 12:00–16:59, from 17:00. */
export const TIME_OF_DAY: Record<TimeOfDay, { label: string; from: string; to: string }> = {
  morning: { label: 'Утро (до 12:00)', from: '00:00', to: '12:00' },
  day: { label: 'День (12:00–17:00)', from: '12:00', to: '17:00' },
  evening: { label: 'Вечер (после 17:00)', from: '17:00', to: '24:00' },
};

export function isTimeOfDay(value: unknown): value is TimeOfDay {
  return value === 'morning' || value === 'day' || value === 'evening';
}

function toUtcNoon(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, 12);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A real calendar date `YYYY-MM-DD`, checked by a round trip: `2026-02-31` and `0000-01-01` are not. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return fromUtc(toUtcNoon(value)) === value;
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtcNoon(date) + days * DAY_MS);
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(toUtcNoon(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** `2026-11-22` → `2026-W47`. The ISO year is the year of the week's Thursday. */
export function isoWeekOf(date: string): string {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const firstThursday = addDays(`${year}-01-04`, 4 - isoWeekday(`${year}-01-04`));
  const week = Math.round((toUtcNoon(thursday) - toUtcNoon(firstThursday)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Monday of an ISO week, or null when the value is not a real week (`2026-W54`, `abc`). */
export function weekStart(week: string): string | null {
  const match = ISO_WEEK_PATTERN.exec(week);
  if (!match) return null;
  const year = Number(match[1]);
  const number = Number(match[2]);
  // A club schedule has no business in year 0 or 9999 (and Date arithmetic there gets odd).
  if (year < MIN_YEAR || year > MAX_YEAR || number < 1 || number > 53) return null;
  const jan4 = `${year}-01-04`;
  const monday = addDays(addDays(jan4, 1 - isoWeekday(jan4)), (number - 1) * 7);
  return isoWeekOf(monday) === week ? monday : null;
}

/** The seven dates, Monday first. */
export function weekDates(week: string): string[] {
  const monday = weekStart(week);
  if (!monday) throw new Error(`Not an ISO week: ${week}`);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

export function shiftWeek(week: string, weeks: number): string {
  const monday = weekStart(week);
  if (!monday) throw new Error(`Not an ISO week: ${week}`);
  return isoWeekOf(addDays(monday, weeks * 7));
}

/** Today's date in an IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The wall-clock time `HH:MM` in an IANA time zone. */
export function timeIn(timeZone: string, now: Date = new Date()): string {
  return dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
}

/**
 * A session's number of places: the one a dated change set for that day, else the slot's (null: no limit). The rule
 * the site, the sign-up lock, the inbox's session view and the week grid share (docs/product/signups.md).
 */
export function sessionCapacity(
  slotCapacity: number | null,
  change: { kind: string; capacity?: number | null } | null | undefined,
): number | null {
  return change?.kind === 'changed' && change.capacity ? change.capacity : slotCapacity;
}

/** `07:30:00` → `07:30`. */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

export function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = (h * 60 + m + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export function timeOfDayOf(time: string): TimeOfDay {
  const start = hhmm(time);
  if (start < TIME_OF_DAY.morning.to) return 'morning';
  if (start < TIME_OF_DAY.day.to) return 'day';
  return 'evening';
}

/** A weekly slot as the schedule model returns it. */
export interface WeeklySlot {
  id: number;
  weekday: number;
  startTime: string;
  durationMin: number;
  room: string;
  capacity: number | null;
  training: { id: number; title: string; level: string };
  trend: { id: number; title: string };
  coach: { id: number; fullName: string } | null;
}

export interface SlotChange {
  slotId: number;
  date: string;
  kind: 'cancelled' | 'changed';
  coach: { id: number; fullName: string } | null;
  startTime: string | null;
  /** The session's own number of places (a `changed` day), replacing the slot's. */
  capacity?: number | null;
  note: string;
}

/** One occurrence of a slot on a date, with that date's change applied. */
export interface Session {
  slotId: number;
  date: string;
  start: string;
  end: string;
  room: string;
  /** Places of this session (the day's change may set its own); null = no limit shown. */
  capacity: number | null;
  /** Places not taken by sign-ups (docs/product/signups.md); null without a capacity. */
  placesLeft: number | null;
  training: WeeklySlot['training'];
  trend: WeeklySlot['trend'];
  coach: WeeklySlot['coach'];
  status: 'scheduled' | 'cancelled' | 'changed';
  /** The regular coach when a substitute takes the session. */
  originalCoach: WeeklySlot['coach'];
  /** The regular start when the time moved. */
  originalStart: string | null;
  note: string;
}

/** The key of a session in maps: `<slot id>|<date>`. */
export function sessionKey(slotId: number, date: string): string {
  return `${slotId}|${date}`;
}

/**
 * Slots × dates → sessions sorted by date and time, changes applied. `booked` counts the places taken per session
 * (by `sessionKey`); sessions missing from it have all their places left.
 */
export function expandSessions(
  slots: readonly WeeklySlot[],
  changes: readonly SlotChange[],
  dates: readonly string[],
  booked: ReadonlyMap<string, number> = new Map(),
): Session[] {
  const changeFor = new Map(changes.map((change) => [sessionKey(change.slotId, change.date), change]));
  const sessions: Session[] = [];
  for (const date of dates) {
    const weekday = isoWeekday(date);
    for (const slot of slots) {
      if (slot.weekday !== weekday) continue;
      const change = changeFor.get(sessionKey(slot.id, date));
      const regularStart = hhmm(slot.startTime);
      const start = change?.kind === 'changed' && change.startTime ? hhmm(change.startTime) : regularStart;
      const coach = change?.kind === 'changed' && change.coach ? change.coach : slot.coach;
      const capacity = sessionCapacity(slot.capacity, change);
      // A change that only sets the number of places is nothing a visitor needs flagged.
      const visibleChange =
        change?.kind === 'cancelled' ||
        (change !== undefined && (coach?.id !== slot.coach?.id || start !== regularStart || change.note !== ''));
      sessions.push({
        slotId: slot.id,
        date,
        start,
        end: addMinutes(start, slot.durationMin),
        room: slot.room,
        capacity,
        placesLeft: capacity === null ? null : Math.max(0, capacity - (booked.get(sessionKey(slot.id, date)) ?? 0)),
        training: slot.training,
        trend: slot.trend,
        coach,
        status: change && visibleChange ? change.kind : 'scheduled',
        originalCoach: coach?.id !== slot.coach?.id ? slot.coach : null,
        originalStart: start !== regularStart ? regularStart : null,
        note: change?.note ?? '',
      });
    }
  }
  return sessions.sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
}

export interface ScheduleFilters {
  trend: number | null;
  coach: number | null;
  time: TimeOfDay | null;
}

/** Reads `?trend=&coach=&time=` leniently: anything unparsable means "no filter". */
export function parseScheduleFilters(params: URLSearchParams): ScheduleFilters {
  const time = params.get('time');
  return {
    trend: parseId(params.get('trend')),
    coach: parseId(params.get('coach')),
    time: isTimeOfDay(time) ? time : null,
  };
}

export function filterSessions(sessions: readonly Session[], filters: ScheduleFilters): Session[] {
  return sessions.filter(
    (session) =>
      (filters.trend === null || session.trend.id === filters.trend) &&
      (filters.coach === null || session.coach?.id === filters.coach || session.originalCoach?.id === filters.coach) &&
      (filters.time === null || timeOfDayOf(session.start) === filters.time),
  );
}

/** Query string for schedule links, keeping the filters; empty values are dropped. */
export function scheduleSearch(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Where a session stands at a gym-local moment: `running` from its start to its end, `over` after that, null while
 * it is ahead or when it is cancelled. The schedule says «идёт» and «прошло» instead of offering a sign-up that
 * closed at the start.
 */
export function sessionProgress(
  session: Pick<Session, 'date' | 'start' | 'end' | 'status'>,
  now: { date: string; time: string },
): 'running' | 'over' | null {
  if (session.status === 'cancelled') return null;
  if (session.date > now.date || (session.date === now.date && session.start > now.time)) return null;
  if (session.date < now.date) return 'over';
  // A session that ends after midnight (its end reads earlier than its start) runs until the day is over.
  return session.end > session.start && session.end <= now.time ? 'over' : 'running';
}
