import { zoneOffsetMs } from '#app/lib/zoned-time.ts';

/**
 * A minimal iCalendar (RFC 5545) writer for the schedule feed: CRLF line ends, 75-octet line folding,
 * escaped text. Times are written in UTC (`…Z`), so no VTIMEZONE block is needed and every calendar app
 * shows them right; X-WR-TIMEZONE tells apps the gym's own zone. No value can end a line early or start a
 * property of its own (docs/security.md, "Calendar feed").
 */
export interface CalendarEvent {
  uid: string;
  /** UTC instants. */
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  cancelled?: boolean;
  /** Raised on every change of the event, so a calendar app replaces its copy (a cancelled booking). */
  sequence?: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * A TEXT value: backslash, `;` and `,` escaped, every line break — CRLF, a bare LF and a bare CR alike, and the
 * Unicode line and paragraph separators — written as `\n`, other control characters (tab aside) dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(CONTROL, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '\\n');
}

/** A value that is not TEXT (UID, URL, time zone): nothing in it may break the line, so breaks and controls go. */
export function plainValue(value: string): string {
  return value.replace(CONTROL, '').replace(/[\t\r\n\u2028\u2029]/g, '');
}

/** Folds a content line to at most 75 octets per physical line, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * The UTC instant of a wall-clock time in an IANA zone (`2026-11-23`, `07:30`, `Asia/Yekaterinburg` → 02:30Z).
 * Computed from the zone's offset at that moment, so it is right in zones with daylight saving too.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const first = guess - zoneOffsetMs(timeZone, guess);
  return new Date(guess - zoneOffsetMs(timeZone, first));
}

export function buildCalendar({
  name,
  timeZone,
  events,
  now = new Date(),
}: {
  name: string;
  timeZone: string;
  events: readonly CalendarEvent[];
  now?: Date;
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atletika//Schedule//RU',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${plainValue(timeZone)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  const stamp = formatUtc(now);
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${plainValue(event.uid)}`,
      `DTSTAMP:${stamp}`,
      ...(event.sequence !== undefined ? [`SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`] : []),
      `DTSTART:${formatUtc(event.start)}`,
      `DTEND:${formatUtc(event.end)}`,
      `SUMMARY:${escapeText(event.cancelled ? `Отменено: ${event.summary}` : event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.url) lines.push(`URL:${plainValue(event.url)}`);
    lines.push(`STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
