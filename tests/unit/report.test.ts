import { describe, expect, it } from 'vitest';
import { markWindow, parseSessionChoice } from '#app/lib/attendance.ts';
import { parseReportParams, rate, reportSearch, weeksOf } from '#app/lib/report.ts';

const TODAY = '2026-11-27';
const params = (query: string) => parseReportParams(new URLSearchParams(query), TODAY, [1, 2]);

describe('the report’s period', () => {
  it('is this month by default, the whole calendar month', () => {
    expect(params('')).toMatchObject({ period: 'this-month', from: '2026-11-01', to: '2026-11-30', gymId: null });
  });

  it('takes last month, also across a new year', () => {
    expect(params('period=last-month')).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(parseReportParams(new URLSearchParams('period=last-month'), '2027-01-15', [])).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(parseReportParams(new URLSearchParams(''), '2028-02-10', [])).toMatchObject({ to: '2028-02-29' });
  });

  it('takes a chosen range, and answers a Russian message (showing this month) for a bad one', () => {
    expect(params('period=range&from=2026-01-01&to=2026-12-31')).toMatchObject({
      period: 'range',
      from: '2026-01-01',
      to: '2026-12-31',
      error: null,
    });
    expect(params('period=range&from=2026-10-31&to=2026-10-01')).toMatchObject({
      period: 'this-month',
      error: 'Начало периода позже его конца.',
    });
    expect(params('period=range&from=2020-01-01&to=2026-10-01').error).toBe('Период не длиннее двух лет.');
    expect(params('period=range&from=abc').error).toMatch(/^Укажите начало и конец периода/);
  });

  it('keeps only a gym that exists', () => {
    expect(params('gym=2').gymId).toBe(2);
    expect(params('gym=7').gymId).toBeNull();
    expect(params('gym=1%20OR%201=1').gymId).toBeNull();
  });

  it('writes the same choices back for the CSV link', () => {
    expect(reportSearch(params('period=range&from=2026-01-01&to=2026-01-31&gym=1'))).toBe(
      'period=range&from=2026-01-01&to=2026-01-31&gym=1',
    );
    expect(reportSearch(params(''))).toBe('period=this-month');
  });
});

describe('the report’s numbers', () => {
  it('writes rates rounded, with a dash where there is nothing to divide', () => {
    expect(rate(1, 1)).toBe('100 %');
    expect(rate(1, 3)).toBe('33 %');
    expect(rate(0, 0)).toBe('—');
  });

  it('lists the Monday of every week the period touches', () => {
    expect(weeksOf('2026-10-01', '2026-10-31')).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
    ]);
    expect(weeksOf('2026-11-02', '2026-11-02')).toEqual(['2026-11-02']);
  });
});

describe('the roster', () => {
  it('takes marks from the session’s day and for 7 days after it', () => {
    expect(markWindow('2026-11-27', '2026-11-26')).toBe('early');
    expect(markWindow('2026-11-27', '2026-11-27')).toBe('open');
    expect(markWindow('2026-11-20', '2026-11-27')).toBe('open');
    expect(markWindow('2026-11-19', '2026-11-27')).toBe('closed');
  });

  it('reads «Выбрать занятие» as `slot|date`, nothing else', () => {
    expect(parseSessionChoice('12|2026-11-28')).toEqual({ slotId: 12, date: '2026-11-28' });
    for (const bad of ['', '12', '0|2026-11-28', '12|2026-13-01', '12|2026-11-28|1', '99999999999|2026-11-28', null]) {
      expect(parseSessionChoice(bad)).toBeNull();
    }
  });
});
