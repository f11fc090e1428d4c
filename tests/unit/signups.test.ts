import { describe, expect, it } from 'vitest';
import { expandSessions, type SlotChange, sessionKey, type WeeklySlot } from '#app/lib/schedule.ts';
import {
  parseSessionRef,
  placesCount,
  placesLeft,
  placesLine,
  placesText,
  signupClosed,
  signupHref,
} from '#app/lib/signup.ts';
import { itMaps } from '#tests/fixtures/table-tests.ts';

describe('places left', () => {
  itMaps(
    'is counted from the capacity and the booked places, never below zero',
    ([capacity, booked]: [number | null, number]) => placesLeft(capacity, booked),
    [
      [[20, 0], 20],
      [[20, 19], 1],
      [[2, 2], 0],
      // Staff lowered the capacity below the sign-ups already made.
      [[2, 5], 0],
      [[null, 7], null],
    ],
  );

  itMaps('is written with the right Russian plural', placesCount, [
    [1, '1 место'],
    [2, '2 места'],
    [4, '4 места'],
    [5, '5 мест'],
    [11, '11 мест'],
    [12, '12 мест'],
    [21, '21 место'],
    [22, '22 места'],
    [25, '25 мест'],
    [111, '111 мест'],
  ]);

  it('reads as «осталось N мест» or «мест нет», and nothing without a capacity', () => {
    expect(placesText(1)).toBe('осталось 1 место');
    expect(placesText(3)).toBe('осталось 3 места');
    expect(placesText(5)).toBe('осталось 5 мест');
    expect(placesText(0)).toBe('мест нет');
    expect(placesText(null)).toBeNull();
    expect(placesLine(3, 20)).toBe('Свободно 3 места из 20');
    expect(placesLine(0, 20)).toBe('Мест нет, можно встать в лист ожидания');
    expect(placesLine(null, null)).toBeNull();
  });
});

describe('whether a session takes sign-ups', () => {
  const now = { date: '2026-11-23', time: '10:00' };
  it('closes at the start and never opens for a cancelled session', () => {
    expect(signupClosed({ date: '2026-11-23', start: '10:30', status: 'scheduled' }, now)).toBeNull();
    expect(signupClosed({ date: '2026-11-23', start: '10:00', status: 'scheduled' }, now)).toBe('past');
    expect(signupClosed({ date: '2026-11-22', start: '19:00', status: 'changed' }, now)).toBe('past');
    expect(signupClosed({ date: '2026-11-24', start: '07:00', status: 'changed' }, now)).toBeNull();
    expect(signupClosed({ date: '2026-11-24', start: '07:00', status: 'cancelled' }, now)).toBe('cancelled');
  });

  it('reads a session from a link and refuses malformed ones', () => {
    expect(parseSessionRef(new URLSearchParams(signupHref(7, '2026-11-27').split('?')[1]))).toEqual({
      slotId: 7,
      date: '2026-11-27',
    });
    for (const search of ['slot=7', 'date=2026-11-27', 'slot=0&date=2026-11-27', 'slot=x&date=2026-11-27']) {
      expect(parseSessionRef(new URLSearchParams(search))).toBeNull();
    }
    expect(parseSessionRef(new URLSearchParams('slot=7&date=2026-02-31'))).toBeNull();
    expect(parseSessionRef(new URLSearchParams('slot=99999999999&date=2026-11-27'))).toBeNull();
  });
});

describe('sessions with places', () => {
  const slot: WeeklySlot = {
    id: 3,
    weekday: 5,
    startTime: '19:00:00',
    durationMin: 60,
    room: 'Студия йоги',
    capacity: 12,
    training: { id: 1, title: 'Хатха-йога', level: 'any' },
    trend: { id: 1, title: 'Йога' },
    coach: { id: 4, fullName: 'Анна Петрова' },
  };
  const friday = '2026-11-27';
  const nextFriday = '2026-12-04';

  it('takes the booked places of each date off the capacity', () => {
    const sessions = expandSessions([slot], [], [friday, nextFriday], new Map([[sessionKey(3, friday), 10]]));
    expect(sessions.map((session) => session.placesLeft)).toEqual([2, 12]);
    expect(expandSessions([{ ...slot, capacity: null }], [], [friday])[0]?.placesLeft).toBeNull();
  });

  it('uses a day’s own capacity, without flagging the day as changed when nothing else changed', () => {
    const change: SlotChange = {
      slotId: 3,
      date: friday,
      kind: 'changed',
      coach: null,
      startTime: null,
      capacity: 6,
      note: '',
    };
    const [session] = expandSessions([slot], [change], [friday], new Map([[sessionKey(3, friday), 4]]));
    expect(session).toMatchObject({ capacity: 6, placesLeft: 2, status: 'scheduled' });
    const [moved] = expandSessions([slot], [{ ...change, startTime: '20:00:00' }], [friday]);
    expect(moved).toMatchObject({ capacity: 6, status: 'changed', start: '20:00' });
  });
});
