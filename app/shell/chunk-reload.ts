/**
 * SPEC §8: a failed chunk load (usually a new deployment removed the old files) reloads the page — at most once per
 * path within 10 s, so a chunk that is really gone cannot trap the visitor in a reload loop.
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
 * the window answers false: the error is then shown instead of reloading again.
 */
export function claimChunkReload(path: string, storage: KeyValueStorage | null, now: number = Date.now()): boolean {
  const key = KEY_PREFIX + path;
  try {
    const last = Number(storage?.getItem(key));
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    storage?.setItem(key, String(now));
  } catch {
    // sessionStorage can throw (privacy modes, quota): reloading once is still better than a dead page.
  }
  return true;
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
