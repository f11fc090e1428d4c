/** Chunk-load recovery, wired before hydration (see entry.client.tsx); the logic lives in chunk-reload.ts. */
import type { ClientInstrumentation } from 'react-router';
import { reloadOnChunkError, trackNavigation } from '#app/shell/chunk-reload.ts';

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

/**
 * Tells the chunk-load guard which page a client navigation opens, the moment it starts (docs/chunk-recovery.md):
 * the route module is imported right after, before React renders the navigation. Through React Router's
 * instrumentation API; navigations the browser starts (back, forward) are tracked by ShellBehaviours.
 */
export const navigationTracking: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      async navigate(navigate, { to, currentUrl }) {
        if (typeof to === 'string') {
          const url = new URL(to, new URL(currentUrl, window.location.origin));
          trackNavigation(url.pathname + url.search + url.hash);
        }
        await navigate();
      },
    });
  },
};
