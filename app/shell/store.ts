/**
 * The shell's state (docs/product/shell.md): `isLoading`, `message` and `pageTitle`, in a small observable store so the
 * timing rules are testable without React; and the gym store (`gyms`, `activeId`), which is not held anywhere but
 * derived from the root loader's data and a gym choice in flight.
 */
import { DEFAULT_GYM_ID } from '#app/lib/club.ts';

export const DEFAULT_PAGE_TITLE = 'Редактор контента';
export const LOADING_TEXT = 'Загрузка';
/** The indicator turns off 500 ms after the page has loaded. */
export const LOADING_OFF_DELAY_MS = 500;

export interface ShellState {
  isLoading: boolean;
  message: string | null;
  pageTitle: string;
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
  let state: ShellState = { isLoading: false, message: null, pageTitle: DEFAULT_PAGE_TITLE };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<ShellState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  let offTimer: unknown = null;
  const cancelOff = () => {
    if (offTimer !== null) timers.clearTimeout(offTimer);
    offTimer = null;
  };
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** On at once (zero delay), with the default text or a custom message. */
    startLoading(message: string | null = null) {
      cancelOff();
      set({ isLoading: true, message });
    },
    /** Off 500 ms after the page has loaded; the message is cleared with it. */
    finishLoading() {
      cancelOff();
      offTimer = timers.setTimeout(() => {
        offTimer = null;
        set({ isLoading: false, message: null });
      }, LOADING_OFF_DELAY_MS);
    },
  };
}
export type ShellStore = ReturnType<typeof createShellStore>;

export interface GymSummary {
  id: number;
  name: string;
}

export interface GymState<G extends GymSummary = GymSummary> {
  gyms: G[];
  activeId: number;
}

/**
 * The gym store: the root data's gyms (none before it arrives) and the active id — the one being chosen while the
 * choice is in flight, else the server's, else 1.
 */
export function gymState<G extends GymSummary>(
  root: { gyms: G[]; activeGymId: number | null } | undefined,
  choosing: number | null,
): GymState<G> {
  return { gyms: root?.gyms ?? [], activeId: choosing ?? root?.activeGymId ?? DEFAULT_GYM_ID };
}

/** Choosing the gym that is already active does nothing. */
export function isNewChoice(state: GymState, id: number): boolean {
  return id !== state.activeId && state.gyms.some((gym) => gym.id === id);
}
