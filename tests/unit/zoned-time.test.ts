import { describe, expect, it } from 'vitest';
import { timeZoneOffset } from '#app/lib/format.ts';
import { createZonedClock, formatRuShortDateTime } from '#app/lib/zoned-time.ts';

const ZONES = [
  'Asia/Yekaterinburg',
  'Europe/Moscow',
  'Europe/Kaliningrad',
  'Asia/Vladivostok',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'UTC',
];

/** A small seeded generator, so a failure repeats. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('createZonedClock', () => {
  it('writes exactly what Intl writes, in zones with and without DST', () => {
    const clock = createZonedClock();
    const next = random(7);
    const from = Date.UTC(2010, 0, 1);
    const to = Date.UTC(2030, 0, 1);
    for (let i = 0; i < 20_000; i++) {
      const zone = ZONES[i % ZONES.length]!;
      const at = new Date(from + Math.floor(next() * (to - from)));
      expect(clock.dateTime(at, zone)).toBe(formatRuShortDateTime(at, zone));
      expect(clock.offset(at, zone)).toBe(timeZoneOffset(zone, at));
    }
  });

  it('is exact around DST switches, to the minute', () => {
    const clock = createZonedClock();
    // New York 2026-03-08 07:00 UTC, Berlin 2026-10-25 01:00 UTC, Moscow's last switch 2014-10-25 22:00 UTC.
    for (const [zone, at] of [
      ['America/New_York', Date.UTC(2026, 2, 8, 7)],
      ['Europe/Berlin', Date.UTC(2026, 9, 25, 1)],
      ['Europe/Moscow', Date.UTC(2014, 9, 25, 22)],
    ] as const) {
      for (let delta = -3 * 3_600_000; delta <= 3 * 3_600_000; delta += 60_000) {
        const moment = new Date(at + delta);
        expect(clock.dateTime(moment, zone)).toBe(formatRuShortDateTime(moment, zone));
        expect(clock.offset(moment, zone)).toBe(timeZoneOffset(zone, moment));
      }
    }
  });

  it('takes ISO strings as the database may return them', () => {
    const clock = createZonedClock();
    expect(clock.dateTime('2026-11-23T09:05:59.999Z', 'Asia/Yekaterinburg')).toBe('23.11.2026, 14:05');
    expect(clock.offset('2026-11-23T09:05:00Z', 'Asia/Yekaterinburg')).toBe('GMT+5');
  });
});
