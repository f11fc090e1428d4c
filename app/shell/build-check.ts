/**
 * Every hour the client asks which build is live; when it differs from its own, the next navigation is a
 * full page load, so the visitor gets the new code without losing what is on the screen now. A failed check is only
 * logged to the console.
 */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
export const BUILD_ID_URL = '/api/build-id';

interface Timers {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export interface BuildCheckerOptions {
  currentBuildId: string;
  fetchBuildId: () => Promise<string>;
  intervalMs?: number;
  timers?: Timers;
  log?: (message: string, error: unknown) => void;
  /** Called once when a new build is first noticed. */
  onStale?: (liveBuildId: string) => void;
}

export async function fetchLiveBuildId(fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl(BUILD_ID_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Build check answered ${response.status}`);
  const body = (await response.json()) as { buildId?: unknown };
  if (typeof body.buildId !== 'string' || !body.buildId) throw new Error('Build check answered without a build id');
  return body.buildId;
}

export function createBuildChecker({
  currentBuildId,
  fetchBuildId,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
  timers = {
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  },
  log = (message, error) => console.warn(message, error),
  onStale,
}: BuildCheckerOptions) {
  let stale = false;
  let handle: unknown = null;

  async function check(): Promise<boolean> {
    if (stale) return true;
    try {
      const live = await fetchBuildId();
      if (live !== currentBuildId) {
        stale = true;
        onStale?.(live);
      }
    } catch (error) {
      log('Build check failed', error);
    }
    return stale;
  }

  return {
    check,
    /** A new build is live: the next navigation should load the page from the server. */
    isStale: () => stale,
    start() {
      if (handle === null) handle = timers.setInterval(() => void check(), intervalMs);
    },
    stop() {
      if (handle !== null) timers.clearInterval(handle);
      handle = null;
    },
  };
}
