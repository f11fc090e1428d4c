/**
 * A failed chunk load (usually a new deployment removed the old files) loads the page from the server again — at
 * most once per path within 10 s, so a chunk that is really gone cannot trap the visitor in a reload loop. Every way
 * a chunk can fail ends here; docs/chunk-recovery.md lists them.
 */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY_PREFIX = 'chunk-reload:';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object')
    return typeof error === 'string' && CHUNK_ERROR_PATTERNS.some((p) => p.test(error));
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * True when the page may reload for `path` now, and records the attempt. A second failure on the same path within
 * the window answers false: the error is then shown instead of reloading again. Without a working sessionStorage
 * (blocked by the browser's settings) nothing can be remembered across the reload, so the answer is always false:
 * an error page is better than a reload loop.
 */
export function claimChunkReload(path: string, storage: KeyValueStorage | null, now: number = Date.now()): boolean {
  if (!storage) return false;
  const key = KEY_PREFIX + path;
  try {
    const last = Number(storage.getItem(key));
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    storage.setItem(key, String(now));
    return true;
  } catch {
    return false;
  }
}

export interface ChunkReloadDeps {
  path: string;
  storage: KeyValueStorage | null;
  reload: () => void;
  now?: number;
}

/** Reloads for a chunk error when allowed; true when a reload was started. */
export function reloadOnChunkError(error: unknown, deps: ChunkReloadDeps): boolean {
  if (!isChunkLoadError(error)) return false;
  if (!claimChunkReload(deps.path, deps.storage, deps.now)) return false;
  deps.reload();
  return true;
}

/** Where the client-side navigation in progress is going (`pathname + search + hash`), or null when none is. */
let pendingNavigation: string | null = null;

/** Called by the router subscription on every state change (see install.client.ts). */
export function trackNavigation(target: string | null): void {
  pendingNavigation = target;
}

export interface RouteModuleFailureDeps {
  storage: KeyValueStorage | null;
  /** A full page load of `url` (or a reload when it is the page now shown). */
  load: (url: string) => void;
  now?: number;
  /** Overrides the tracked navigation (tests). */
  navigation?: string | null;
}

/**
 * A route module failed to import. During a navigation the page being opened is loaded from the server instead —
 * the new build's HTML knows the new file names — at most once per path within the window; a second failure gets
 * the error page. Without a navigation in progress the failure came from a prefetch (a link hovered or shown):
 * nothing reloads under the visitor, the click will deal with it. Returns true when a page load was started.
 */
export function recoverFromRouteModuleFailure(deps: RouteModuleFailureDeps): boolean {
  const target = deps.navigation === undefined ? pendingNavigation : deps.navigation;
  if (target === null) return false;
  const path = target.replace(/[?#].*$/, '') || '/';
  if (!claimChunkReload(path, deps.storage, deps.now)) return false;
  deps.load(target);
  return true;
}
