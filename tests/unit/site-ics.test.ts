import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, plainValue, zonedTimeToUtc } from '#app/lib/ics.ts';

describe('iCalendar generation', () => {
  it('converts gym-local times to UTC, with and without daylight saving', () => {
    expect(zonedTimeToUtc('2026-11-23', '07:30', 'Asia/Yekaterinburg').toISOString()).toBe('2026-11-23T02:30:00.000Z');
    expect(zonedTimeToUtc('2026-11-23', '19:45', 'Europe/Moscow').toISOString()).toBe('2026-11-23T16:45:00.000Z');
    expect(zonedTimeToUtc('2026-07-01', '10:00', 'Europe/Berlin').toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedTimeToUtc('2026-01-01', '10:00', 'Europe/Berlin').toISOString()).toBe('2026-01-01T09:00:00.000Z');
  });

  it('escapes text and folds long lines at 75 octets without splitting characters', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const line = `SUMMARY:${'Тренировка '.repeat(20)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('writes a complete calendar with cancelled events marked', () => {
    const ics = buildCalendar({
      name: 'Атлетика',
      timeZone: 'Asia/Yekaterinburg',
      now: new Date('2026-11-22T10:00:00Z'),
      events: [
        {
          uid: 'slot-1-2026-11-23@club.test',
          start: new Date('2026-11-23T02:30:00Z'),
          end: new Date('2026-11-23T03:45:00Z'),
          summary: 'Хатха-йога',
          location: 'Клуб, Студия йоги',
        },
        {
          uid: 'slot-2-2026-11-23@club.test',
          start: new Date('2026-11-23T13:00:00Z'),
          end: new Date('2026-11-23T14:00:00Z'),
          summary: 'Бокс',
          cancelled: true,
        },
      ],
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('DTSTART:20261123T023000Z\r\nDTEND:20261123T034500Z');
    expect(ics).toContain('DTSTAMP:20261122T100000Z');
    expect(ics).toContain('SUMMARY:Отменено: Бокс\r\nSTATUS:CANCELLED');
    expect(ics).toContain('LOCATION:Клуб\\, Студия йоги');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).not.toMatch(/[^\r]\n/);
  });

  it('writes every line break in a text value as \\n: CRLF, bare LF and bare CR alike', () => {
    expect(escapeText('a\r\nb\nc\rd\u2028e')).toBe('a\\nb\\nc\\nd\\ne');
    expect(escapeText('x\u0000y\u0007z\u0085\tw')).toBe('xyz\tw');
    expect(plainValue('slot-1@club.test\r\nATTENDEE:evil')).toBe('slot-1@club.testATTENDEE:evil');
  });

  it('lets no value start a line of its own, whichever field carries the break', () => {
    const hostile = 'Йога\rATTACH:https://evil.example/\nX-INJECTED:1\r\nEND:VEVENT';
    const ics = buildCalendar({
      name: hostile,
      timeZone: 'Asia/Yekaterinburg\rX-INJECTED:tz',
      now: new Date('2026-11-22T10:00:00Z'),
      events: [
        {
          uid: `slot-1\r\nX-INJECTED:uid@club.test`,
          start: new Date('2026-11-23T02:30:00Z'),
          end: new Date('2026-11-23T03:45:00Z'),
          summary: hostile,
          description: hostile,
          location: hostile,
          url: 'https://club.test/trainings/1\rX-INJECTED:url',
        },
      ],
    });
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    // Only CRLF ends lines; no bare CR or LF is left anywhere.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.filter((line) => /^(ATTACH|X-INJECTED)/.test(line))).toEqual([]);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    expect(lines).toContain('SUMMARY:Йога\\nATTACH:https://evil.example/\\nX-INJECTED:1\\nEND:VEVENT');
  });

  it('folds at 75 octets counting UTF-8 bytes, never inside a character', () => {
    for (const text of ['я'.repeat(200), '😀'.repeat(60), `a${'я'.repeat(80)}`, `${'x'.repeat(74)}😀😀`, 'ё']) {
      const line = `DESCRIPTION:${text}`;
      const folded = foldLine(line);
      const physical = folded.split('\r\n');
      for (const part of physical) {
        expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
        expect(part).not.toMatch(/[\ud800-\udbff]$/);
      }
      expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
      expect(folded.replace(/\r\n /g, '')).toBe(line);
    }
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });
});
