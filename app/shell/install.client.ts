/**
 * Browser-only shell behaviours wired once after hydration (see entry.client.tsx): chunk-load recovery, the hourly
 * build check, analytics page views. The logic lives in small testable modules; this file only connects them.
 */
import type { DataRouter } from 'react-router';
import { initMetrika, reportPageView, setUserParams } from '#app/lib/analytics.ts';
import { createBuildChecker, fetchLiveBuildId } from '#app/shell/build-check.ts';
import { reloadOnChunkError, trackNavigation } from '#app/shell/chunk-reload.ts';

type RouterLike = Pick<DataRouter, 'subscribe' | 'state'>;

interface RootData {
  env?: { yandexMetrikaId?: string | null };
  activeGymId?: number | null;
  gyms?: Array<{ id: number; name: string }>;
  nonce?: string;
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function chunkReload(error: unknown): boolean {
  return reloadOnChunkError(error, {
    path: window.location.pathname,
    storage: safeSessionStorage(),
    reload: () => window.location.reload(),
  });
}

/** Call before hydration: failed preloads of Vite chunks and unhandled import() rejections. */
export function installChunkRecovery(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const { payload } = event as Event & { payload?: unknown };
    if (chunkReload(payload)) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (chunkReload(event.reason)) event.preventDefault();
  });
}

function gymParams(root: RootData | undefined) {
  const gym = root?.gyms?.find((candidate) => candidate.id === root.activeGymId);
  return { gym_id: root?.activeGymId ?? null, gym: gym?.name ?? null };
}

/** Call after hydration, with the data router. */
export function installRouterBehaviours(router: RouterLike, currentBuildId: string): void {
  const checker = createBuildChecker({ currentBuildId, fetchBuildId: () => fetchLiveBuildId() });
  checker.start();

  const root = router.state.loaderData.root as RootData | undefined;
  const metrikaId = root?.env?.yandexMetrikaId;
  if (metrikaId) initMetrika(metrikaId, root?.nonce, gymParams(root));
  let lastGymId = root?.activeGymId ?? null;

  router.subscribe((state) => {
    const { location } = state.navigation;
    trackNavigation(location ? location.pathname + location.search + location.hash : null);
    // A new build is live: turn the client navigation that just started into a full page load.
    if (checker.isStale() && state.navigation.state === 'loading' && state.navigation.location) {
      const { pathname, search, hash } = state.navigation.location;
      window.location.assign(pathname + search + hash);
      return;
    }
    if (state.navigation.state !== 'idle') return;
    reportPageView(window.location.href, document.title);
    const data = state.loaderData.root as RootData | undefined;
    if (data && (data.activeGymId ?? null) !== lastGymId) {
      lastGymId = data.activeGymId ?? null;
      setUserParams(gymParams(data));
    }
  });
}
