import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GYM_ID } from '#app/lib/club.ts';
import { createGymStore, createShellStore, DEFAULT_PAGE_TITLE, LOADING_OFF_DELAY_MS } from '#app/shell/store.ts';

describe('shell store (SPEC §8)', () => {
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
    shell.setPageTitle('Заявки — Редактор контента');
    unsubscribe();
    shell.finishLoading();
    vi.runAllTimers();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('gym store (SPEC §8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts with no gyms and active id 1', () => {
    const gyms = createGymStore(createShellStore());
    expect(gyms.get()).toEqual({ gyms: [], activeId: 1 });
    expect(DEFAULT_GYM_ID).toBe(1);
  });

  it('selecting the already active gym does nothing', async () => {
    const shell = createShellStore();
    const gyms = createGymStore(shell);
    const apply = vi.fn(async () => {});
    expect(await gyms.select(1, apply)).toBe(false);
    expect(apply).not.toHaveBeenCalled();
    expect(shell.get().isLoading).toBe(false);
  });

  it('selecting another gym shows loading, changes the active id, then ends loading', async () => {
    const shell = createShellStore();
    const gyms = createGymStore(shell);
    gyms.setGyms([
      { id: 1, name: 'Клуб на Малышева' },
      { id: 2, name: 'Клуб на Уралмаше' },
    ]);
    const seen: boolean[] = [];
    const selection = gyms.select(2, async () => {
      seen.push(shell.get().isLoading);
    });
    await selection;
    expect(seen).toEqual([true]);
    expect(gyms.get().activeId).toBe(2);
    expect(shell.get().isLoading).toBe(true);
    vi.advanceTimersByTime(LOADING_OFF_DELAY_MS);
    expect(shell.get().isLoading).toBe(false);
  });

  it('a failed selection keeps the old gym and still ends loading', async () => {
    const shell = createShellStore();
    const gyms = createGymStore(shell);
    await expect(
      gyms.select(3, async () => {
        throw new Error('network');
      }),
    ).rejects.toThrow('network');
    expect(gyms.get().activeId).toBe(1);
    vi.advanceTimersByTime(LOADING_OFF_DELAY_MS);
    expect(shell.get().isLoading).toBe(false);
  });
});
