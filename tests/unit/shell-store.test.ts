import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GYM_ID } from '#app/lib/club.ts';
import { createShellStore, DEFAULT_PAGE_TITLE, gymState, isNewChoice, LOADING_OFF_DELAY_MS } from '#app/shell/store.ts';

describe('shell store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts with isLoading false, no message and the default page title', () => {
    const shell = createShellStore();
    expect(shell.get()).toEqual({ isLoading: false, message: null, pageTitle: 'Редактор контента' });
    expect(DEFAULT_PAGE_TITLE).toBe('Редактор контента');
  });

  it('turns loading on with zero delay, with an optional custom message', () => {
    const shell = createShellStore();
    shell.startLoading();
    expect(shell.get().isLoading).toBe(true);
    expect(shell.get().message).toBeNull();
    shell.startLoading('Сохраняем');
    expect(shell.get().message).toBe('Сохраняем');
  });

  it('turns loading off 500 ms after the page has loaded and clears the message', () => {
    const shell = createShellStore();
    shell.startLoading('Переключаем клуб');
    shell.finishLoading();
    vi.advanceTimersByTime(LOADING_OFF_DELAY_MS - 1);
    expect(shell.get()).toMatchObject({ isLoading: true, message: 'Переключаем клуб' });
    vi.advanceTimersByTime(1);
    expect(shell.get()).toMatchObject({ isLoading: false, message: null });
    expect(LOADING_OFF_DELAY_MS).toBe(500);
  });

  it('a new page change during the off delay keeps the indicator on', () => {
    const shell = createShellStore();
    shell.startLoading();
    shell.finishLoading();
    vi.advanceTimersByTime(300);
    shell.startLoading();
    vi.advanceTimersByTime(1000);
    expect(shell.get().isLoading).toBe(true);
  });

  it('notifies subscribers on every change', () => {
    const shell = createShellStore();
    const listener = vi.fn();
    const unsubscribe = shell.subscribe(listener);
    shell.startLoading();
    shell.startLoading('Сохраняем');
    unsubscribe();
    shell.finishLoading();
    vi.runAllTimers();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('gym store', () => {
  const gyms = [
    { id: 1, name: 'Клуб на Малышева' },
    { id: 2, name: 'Клуб на Уралмаше' },
  ];

  it('starts with no gyms and active id 1 before the root data is there', () => {
    expect(gymState(undefined, null)).toEqual({ gyms: [], activeId: 1 });
    expect(DEFAULT_GYM_ID).toBe(1);
  });

  it('follows the server: its gyms and its active gym', () => {
    expect(gymState({ gyms, activeGymId: 2 }, null)).toEqual({ gyms, activeId: 2 });
    expect(gymState({ gyms: [], activeGymId: null }, null).activeId).toBe(1);
  });

  it('shows the gym being chosen as active while the choice is in flight', () => {
    expect(gymState({ gyms, activeGymId: 1 }, 2).activeId).toBe(2);
  });

  it('choosing the gym that is already active (or one that is not offered) does nothing', () => {
    const state = gymState({ gyms, activeGymId: 1 }, null);
    expect(isNewChoice(state, 1)).toBe(false);
    expect(isNewChoice(state, 99)).toBe(false);
    expect(isNewChoice(state, 2)).toBe(true);
  });
});
