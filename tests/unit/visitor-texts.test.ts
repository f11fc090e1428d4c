/** Small rules of what visitors read: gyms named once, sessions that began, the buttons messages name. */
import { describe, expect, it } from 'vitest';
import { submitLabelOf } from '#app/lib/bid-form.ts';
import { gymPhrase } from '#app/lib/club.ts';
import { sessionProgress } from '#app/lib/schedule.ts';

describe('gymPhrase', () => {
  it('uses a name that already says «Клуб» as it is, and puts the word before any other', () => {
    expect(gymPhrase('Клуб на Малышева', { atStart: true })).toBe('Клуб на Малышева');
    expect(gymPhrase('Клуб на Малышева')).toBe('клуб на Малышева');
    expect(gymPhrase('Клуб на Малышева', { in: true })).toBe('клубе на Малышева');
    expect(gymPhrase('Атлетика Центр', { atStart: true })).toBe('Клуб «Атлетика Центр»');
    expect(gymPhrase('Атлетика Центр', { in: true })).toBe('клубе «Атлетика Центр»');
    // «Клубника» is a name, not the word.
    expect(gymPhrase('Клубника')).toBe('клуб «Клубника»');
  });
});

describe('sessionProgress', () => {
  const now = { date: '2026-11-27', time: '10:30' };
  const session = (date: string, start: string, end: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
    date,
    start,
    end,
    status,
  });

  it('says a session of today runs from its start and is over at its end', () => {
    expect(sessionProgress(session('2026-11-27', '07:30', '08:25'), now)).toBe('over');
    expect(sessionProgress(session('2026-11-27', '10:00', '11:00'), now)).toBe('running');
    expect(sessionProgress(session('2026-11-27', '10:30', '11:30'), now)).toBe('running');
    expect(sessionProgress(session('2026-11-27', '13:00', '13:55'), now)).toBeNull();
    expect(sessionProgress(session('2026-11-26', '19:45', '21:15'), now)).toBe('over');
    expect(sessionProgress(session('2026-11-28', '07:30', '08:25'), now)).toBeNull();
  });

  it('leaves cancelled sessions alone and keeps a session past midnight running', () => {
    expect(sessionProgress(session('2026-11-27', '07:30', '08:25', 'cancelled'), now)).toBeNull();
    expect(sessionProgress(session('2026-11-27', '23:30', '00:30'), { date: '2026-11-27', time: '23:50' })).toBe(
      'running',
    );
  });
});

describe('submitLabelOf', () => {
  it('names the button the form showed', () => {
    expect(submitLabelOf(null)).toBe('Отправить заявку');
    expect(submitLabelOf('place')).toBe('Записаться');
    expect(submitLabelOf('waiting')).toBe('Встать в лист ожидания');
  });
});
