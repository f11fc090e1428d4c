import { describe, expect, it } from 'vitest';
import {
  addDays,
  expandSessions,
  filterSessions,
  isoWeekday,
  isoWeekOf,
  parseScheduleFilters,
  type SlotChange,
  scheduleSearch,
  shiftWeek,
  timeOfDayOf,
  todayIn,
  type WeeklySlot,
  weekDates,
  weekStart,
} from '#app/lib/schedule.ts';
import { itMaps } from '#tests/fixtures/table-tests.ts';

describe('ISO week math', () => {
  itMaps('the ISO week of a date', isoWeekOf, [
    ['2026-11-22', '2026-W47'],
    ['2026-11-23', '2026-W48'],
    ['2021-01-03', '2020-W53'],
    ['2024-12-30', '2025-W01'],
    ['2026-01-01', '2026-W01'],
    ['2027-01-01', '2026-W53'],
  ]);

  it('finds the Monday of a week and its seven dates', () => {
    expect(weekStart('2026-W48')).toBe('2026-11-23');
    expect(weekDates('2020-W53')).toEqual([
      '2020-12-28',
      '2020-12-29',
      '2020-12-30',
      '2020-12-31',
      '2021-01-01',
      '2021-01-02',
      '2021-01-03',
    ]);
  });

  it('refuses weeks that do not exist', () => {
    expect(weekStart('2026-W54')).toBeNull();
    expect(weekStart('2026-W00')).toBeNull();
    expect(weekStart('2025-W53')).toBeNull();
    expect(weekStart('2026-w48')).toBeNull();
    expect(weekStart('')).toBeNull();
    expect(weekStart('9999-W52')).toBeNull();
    expect(weekStart('0001-W01')).toBeNull();
  });

  it('moves across year boundaries', () => {
    expect(shiftWeek('2026-W53', 1)).toBe('2027-W01');
    expect(shiftWeek('2027-W01', -1)).toBe('2026-W53');
    expect(shiftWeek('2026-W48', -52)).toBe('2025-W48');
  });

  it('adds days across months and knows weekdays', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
  });

  it('takes "today" in the gym time zone', () => {
    const instant = new Date('2026-11-22T20:30:00Z');
    expect(todayIn('Europe/Moscow', instant)).toBe('2026-11-22');
    expect(todayIn('Asia/Yekaterinburg', instant)).toBe('2026-11-23');
  });

  itMaps('buckets start times into morning, day and evening', timeOfDayOf, [
    ['07:30:00', 'morning'],
    ['11:59', 'morning'],
    ['12:00', 'day'],
    ['16:59', 'day'],
    ['17:00', 'evening'],
  ]);
});

const coachA = { id: 1, fullName: 'Анна' };
const coachB = { id: 2, fullName: 'Борис' };
const slot = (id: number, weekday: number, startTime: string, coach = coachA): WeeklySlot => ({
  id,
  weekday,
  startTime,
  durationMin: 55,
  room: 'Зал',
  capacity: null,
  training: { id: 10 + id, title: `Тренировка ${id}`, level: 'any' },
  trend: { id: id % 2 ? 1 : 2, title: 'Йога' },
  coach,
});

describe('expanding weekly slots into sessions', () => {
  const dates = weekDates('2026-W48');
  const slots = [slot(1, 1, '18:00:00'), slot(2, 1, '07:30:00'), slot(3, 3, '13:00:00')];
  const changes: SlotChange[] = [
    { slotId: 1, date: '2026-11-23', kind: 'cancelled', coach: null, startTime: null, note: 'Тренер болеет' },
    { slotId: 3, date: '2026-11-25', kind: 'changed', coach: coachB, startTime: '14:00:00', note: 'Замена' },
    { slotId: 2, date: '2026-11-30', kind: 'cancelled', coach: null, startTime: null, note: 'Другая неделя' },
  ];
  const sessions = expandSessions(slots, changes, dates);

  it('places every slot on its weekday, sorted by time', () => {
    expect(sessions.map((s) => `${s.date} ${s.start}`)).toEqual([
      '2026-11-23 07:30',
      '2026-11-23 18:00',
      '2026-11-25 14:00',
    ]);
  });

  it('marks cancellations and applies substitutions and moved times', () => {
    expect(sessions[1]).toMatchObject({ status: 'cancelled', note: 'Тренер болеет' });
    expect(sessions[2]).toMatchObject({
      status: 'changed',
      coach: coachB,
      originalCoach: coachA,
      start: '14:00',
      end: '14:55',
      originalStart: '13:00',
    });
    expect(sessions[0]).toMatchObject({ status: 'scheduled', originalCoach: null, originalStart: null });
  });

  it('filters by trend, coach (regular or substitute) and time of day', () => {
    expect(filterSessions(sessions, { trend: 1, coach: null, time: null })).toHaveLength(2);
    expect(filterSessions(sessions, { trend: null, coach: 2, time: null })).toHaveLength(1);
    expect(filterSessions(sessions, { trend: null, coach: 1, time: null })).toHaveLength(3);
    expect(filterSessions(sessions, { trend: null, coach: null, time: 'evening' })).toHaveLength(1);
  });

  it('reads filters leniently from the query string', () => {
    expect(parseScheduleFilters(new URLSearchParams('trend=3&coach=x&time=night'))).toEqual({
      trend: 3,
      coach: null,
      time: null,
    });
    expect(parseScheduleFilters(new URLSearchParams('trend=-1&coach=99999999999&time=day'))).toEqual({
      trend: null,
      coach: null,
      time: 'day',
    });
    expect(scheduleSearch({ week: '2026-W48', trend: null, coach: 5, time: '' })).toBe('?week=2026-W48&coach=5');
  });
});
