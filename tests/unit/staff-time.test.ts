/** Times as staff read them (docs/product/staff.md, "Times"): the zone in plain Russian, shown only when needed. */
import { describe, expect, it } from 'vitest';
import {
  russianTimeZones,
  sameClock,
  staffTime,
  staffTimeText,
  utcOffsetText,
  zoneLabel,
} from '#app/lib/staff-time.ts';

const SAVED = '2026-11-27T03:33:00Z';

describe('staff times', () => {
  it('names a zone by its city and offset, never by its IANA name', () => {
    expect(zoneLabel('Asia/Yekaterinburg', SAVED)).toBe('Екатеринбург, UTC+5');
    expect(zoneLabel('Europe/Moscow', SAVED)).toBe('Москва, UTC+3');
    expect(zoneLabel('Asia/Kamchatka', SAVED)).toBe('Петропавловск-Камчатский, UTC+12');
    expect(zoneLabel('UTC', SAVED)).toBe('UTC+0');
    expect(zoneLabel('America/New_York', SAVED)).toBe('New York, UTC-5');
    expect(utcOffsetText('Asia/Kolkata', SAVED)).toBe('UTC+5:30');
  });

  it('writes the time in the record’s zone and adds the zone only when the viewer’s clock differs', () => {
    expect(staffTime(SAVED, 'Asia/Yekaterinburg', 'Europe/Moscow')).toEqual({
      iso: '2026-11-27T03:33:00.000Z',
      text: '27 нояб. 2026 г., 08:33',
      zone: 'Екатеринбург, UTC+5',
    });
    expect(staffTime(SAVED, 'Asia/Yekaterinburg', 'Asia/Yekaterinburg').zone).toBeNull();
    // Киров keeps Moscow time: the same clock, no label.
    expect(sameClock('Europe/Kirov', 'Europe/Moscow', SAVED)).toBe(true);
    // An unknown viewer (no JavaScript yet) always gets the zone.
    expect(staffTimeText(SAVED, 'Europe/Moscow', null)).toBe('27 нояб. 2026 г., 06:33 (Москва, UTC+3)');
  });

  it('offers every zone of Russia with its Russian name for the gym form', () => {
    expect(russianTimeZones()).toContainEqual({ value: 'Asia/Yekaterinburg', label: 'Екатеринбург, UTC+5' });
    expect(russianTimeZones().length).toBeGreaterThanOrEqual(21);
    for (const zone of russianTimeZones()) expect(zone.label).toMatch(/^[А-ЯЁа-яё -]+, UTC\+\d+$/);
  });
});
