import { describe, expect, it } from 'vitest';
import { periodState, periodText } from '#app/lib/period.ts';

describe('a promo run on a club day', () => {
  it('is ahead before its first day, on from the first to the last day inclusive, over after', () => {
    expect(periodState('2026-12-01', '2026-12-31', '2026-11-30')).toBe('planned');
    expect(periodState('2026-12-01', '2026-12-31', '2026-12-01')).toBe('running');
    expect(periodState('2026-12-01', '2026-12-31', '2026-12-31')).toBe('running');
    expect(periodState('2026-12-01', '2026-12-31', '2027-01-01')).toBe('ended');
  });

  it('shows its dates in Russian, one date for a one-day run', () => {
    expect(periodText('2026-12-01', '2026-12-31')).toBe('1 декабря 2026 г. — 31 декабря 2026 г.');
    expect(periodText('2026-12-01', '2026-12-01')).toBe('1 декабря 2026 г.');
  });
});
