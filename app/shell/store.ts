/**
 * Shell state of SPEC §8: `isLoading`, `message`, `pageTitle`; and the gym store: `gyms`, `activeId`.
 * Plain observable stores (read with useSyncExternalStore) so the timing rules are testable without React.
 */
import { DEFAULT_GYM_ID } from '#app/lib/club.ts';

export const DEFAULT_PAGE_TITLE = 'Редактор контента';
export const LOADING_TEXT = 'Загрузка';
/** SPEC §8: the indicator turns off 500 ms after the page has loaded. */
export const LOADING_OFF_DELAY_MS = 500;

export interface ShellState {
  isLoading: boolean;
  message: string | null;
  pageTitle: string;
}

export interface GymSummary {
  id: number;
  name: string;
}

export interface GymState<G extends GymSummary = GymSummary> {
  gyms: G[];
  activeId: number;
}

export interface Store<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

function createStore<T extends object>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch: Partial<T>) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createShellStore(timers: Timers = realTimers) {
  const store = createStore<ShellState>({ isLoading: false, message: null, pageTitle: DEFAULT_PAGE_TITLE });
  let offTimer: unknown = null;
  const cancelOff = () => {
    if (offTimer !== null) timers.clearTimeout(offTimer);
    offTimer = null;
  };
  return {
    get: store.get,
    subscribe: store.subscribe,
    /** On at once (zero delay), with the default text or a custom message. */
    startLoading(message: string | null = null) {
      cancelOff();
      store.set({ isLoading: true, message });
    },
    /** Off 500 ms after the page has loaded; the message is cleared with it. */
    finishLoading() {
      cancelOff();
      offTimer = timers.setTimeout(() => {
        offTimer = null;
        store.set({ isLoading: false, message: null });
      }, LOADING_OFF_DELAY_MS);
    },
    setPageTitle(pageTitle: string = DEFAULT_PAGE_TITLE) {
      store.set({ pageTitle });
    },
  };
}
export type ShellStore = ReturnType<typeof createShellStore>;

export function createGymStore<G extends GymSummary>(shell: ShellStore) {
  const store = createStore<GymState<G>>({ gyms: [], activeId: DEFAULT_GYM_ID });
  return {
    get: store.get,
    subscribe: store.subscribe,
    setGyms(gyms: G[], activeId?: number) {
      store.set(activeId === undefined ? { gyms } : { gyms, activeId });
    },
    /**
     * SPEC §8: selecting the active gym does nothing; otherwise loading shows, the active id changes, loading ends.
     * `apply` persists the choice (the POST to /gym) and resolves when the new content is loaded.
     */
    async select(id: number, apply: (id: number) => Promise<void>): Promise<boolean> {
      if (id === store.get().activeId) return false;
      shell.startLoading();
      try {
        await apply(id);
        store.set({ activeId: id });
      } finally {
        shell.finishLoading();
      }
      return true;
    },
  };
}
export type GymStore<G extends GymSummary = GymSummary> = ReturnType<typeof createGymStore<G>>;
