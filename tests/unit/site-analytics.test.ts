import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initMetrika, reachGoal, reportPageView, resetAnalytics, setUserParams } from '#app/lib/analytics.ts';

/** A minimal browser: enough for the Metrika loader (script element, location, ym queue). */
function fakeBrowser(href: string) {
  const appended: Array<{ src: string; nonce?: string }> = [];
  const win = { location: { href } } as unknown as Window & typeof globalThis;
  const doc = {
    createElement: () => ({}) as HTMLScriptElement,
    head: { appendChild: (el: { src: string; nonce?: string }) => appended.push(el) },
  };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  return { win, appended };
}

describe('Yandex Metrika', () => {
  beforeEach(() => resetAnalytics());
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does nothing at all until a counter id is configured', () => {
    const { win, appended } = fakeBrowser('http://club.test/');
    expect(reportPageView('http://club.test/shedule', 'Расписание')).toBe(false);
    reachGoal('bid', { kind: 'trial' });
    setUserParams({ gym_id: 1 });
    expect(appended).toEqual([]);
    expect(win.ym).toBeUndefined();
  });

  it('loads the tag once with the nonce and the gym, sends user parameters, and one hit per route change', () => {
    const { win, appended } = fakeBrowser('http://club.test/');
    initMetrika('12345', 'abc', { gym_id: 1, gym: 'Клуб на Малышева' });
    initMetrika('12345', 'abc', { gym_id: 1 });
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ src: 'https://mc.yandex.ru/metrika/tag.js', nonce: 'abc' });
    const calls = (win.ym as unknown as { a: unknown[][] }).a;
    expect(calls[0]!.slice(0, 2)).toEqual([12345, 'init']);
    expect(calls[0]![2]).toMatchObject({ params: { gym_id: 1, gym: 'Клуб на Малышева' } });
    setUserParams({ gym_id: 2, gym: 'Клуб на Уралмаше' });
    expect(calls[1]).toEqual([12345, 'userParams', { gym_id: 2, gym: 'Клуб на Уралмаше' }]);

    // The tag reports the first page itself: the same URL is not reported again.
    expect(reportPageView('http://club.test/', 'Главная')).toBe(false);
    expect(reportPageView('http://club.test/shedule', 'Расписание')).toBe(true);
    expect(reportPageView('http://club.test/shedule', 'Расписание')).toBe(false);
    expect(calls.filter((call) => call[1] === 'hit')).toEqual([
      [12345, 'hit', 'http://club.test/shedule', { title: 'Расписание', referer: 'http://club.test/' }],
    ]);

    reachGoal('bid', { kind: 'coach', gym: 2 });
    expect(calls.at(-1)).toEqual([12345, 'reachGoal', 'bid', { kind: 'coach', gym: 2 }]);
  });

  it('ignores an invalid counter id', () => {
    const { appended } = fakeBrowser('http://club.test/');
    initMetrika('not-a-number', undefined, {});
    expect(appended).toEqual([]);
  });
});
