import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, createBuildChecker } from '#app/shell/build-check.ts';
import {
  CHUNK_RELOAD_WINDOW_MS,
  claimChunkReload,
  isChunkLoadError,
  recoverFromRouteModuleFailure,
  reloadOnChunkError,
  trackNavigation,
} from '#app/shell/chunk-reload.ts';
import { prefetchMode, shouldPrefetch } from '#app/shell/prefetch.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('chunk-load failure recovery', () => {
  it('recognises chunk-load errors of the browsers and bundlers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads at most once per path within 10,000 ms', () => {
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000);
    const storage = memoryStorage();
    const reload = vi.fn();
    const error = new TypeError('Failed to fetch dynamically imported module');
    expect(reloadOnChunkError(error, { path: '/shedule', storage, reload, now: 1_000 })).toBe(true);
    expect(reloadOnChunkError(error, { path: '/shedule', storage, reload, now: 10_999 })).toBe(false);
    expect(reloadOnChunkError(error, { path: '/trends', storage, reload, now: 5_000 })).toBe(true);
    expect(reloadOnChunkError(error, { path: '/shedule', storage, reload, now: 11_000 })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('ignores other errors, and never reloads when it cannot remember the reload (storage blocked)', () => {
    const reload = vi.fn();
    expect(reloadOnChunkError(new Error('boom'), { path: '/', storage: memoryStorage(), reload })).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(claimChunkReload('/', broken, 0)).toBe(false);
    expect(claimChunkReload('/', null, 0)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('opens the page a failed navigation was going to, once per path within the window', () => {
    const storage = memoryStorage();
    const load = vi.fn();
    const deps = { storage, load, navigation: '/trends?x=1#top' };
    expect(recoverFromRouteModuleFailure({ ...deps, now: 1_000 })).toBe(true);
    expect(load).toHaveBeenLastCalledWith('/trends?x=1#top');
    expect(recoverFromRouteModuleFailure({ ...deps, navigation: '/trends', now: 10_999 })).toBe(false);
    expect(recoverFromRouteModuleFailure({ ...deps, navigation: '/coaches', now: 2_000 })).toBe(true);
    expect(recoverFromRouteModuleFailure({ ...deps, now: 11_000 })).toBe(true);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not reload for a failed prefetch (no navigation in progress)', () => {
    const load = vi.fn();
    expect(recoverFromRouteModuleFailure({ storage: memoryStorage(), load, navigation: null })).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('follows the navigation the router reports', () => {
    const load = vi.fn();
    trackNavigation('/shedule?week=2026-W48');
    expect(recoverFromRouteModuleFailure({ storage: memoryStorage(), load, now: 1 })).toBe(true);
    expect(load).toHaveBeenCalledWith('/shedule?week=2026-W48');
    trackNavigation(null);
    expect(recoverFromRouteModuleFailure({ storage: memoryStorage(), load, now: 1 })).toBe(false);
  });
});

describe('new build check', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks every 3,600,000 ms and turns stale when another build is live', async () => {
    vi.useFakeTimers();
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
    const fetchBuildId = vi.fn().mockResolvedValueOnce('build-1').mockResolvedValueOnce('build-2');
    const onStale = vi.fn();
    const checker = createBuildChecker({ currentBuildId: 'build-1', fetchBuildId, onStale });
    checker.start();
    await vi.advanceTimersByTimeAsync(3_599_999);
    expect(fetchBuildId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    expect(checker.isStale()).toBe(false);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(checker.isStale()).toBe(true);
    expect(onStale).toHaveBeenCalledWith('build-2');
    checker.stop();
  });

  it('only logs a failed check', async () => {
    const log = vi.fn();
    const checker = createBuildChecker({
      currentBuildId: 'a',
      fetchBuildId: () => Promise.reject(new Error('offline')),
      log,
    });
    await expect(checker.check()).resolves.toBe(false);
    expect(log).toHaveBeenCalledWith('Build check failed', expect.any(Error));
    expect(checker.isStale()).toBe(false);
  });
});

describe('prefetch on intent', () => {
  it('prefetches unless the connection is 2g or data saver is on', () => {
    expect(shouldPrefetch(null)).toBe(true);
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(prefetchMode({ effectiveType: '2g' })).toBe('none');
    expect(prefetchMode(undefined)).toBe('intent');
  });
});
