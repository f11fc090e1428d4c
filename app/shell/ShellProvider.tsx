import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useFetcher, useNavigation } from 'react-router';
import { parseId } from '#app/lib/id.ts';
import { markHydrated } from '#app/shell/hydration.ts';
import { type RootGym, useRootData } from '#app/shell/root-data.ts';
import { ShellBehaviours } from '#app/shell/ShellBehaviours.tsx';
import { createShellStore, type GymState, gymState, type ShellState, type ShellStore } from '#app/shell/store.ts';

/** The one fetcher that posts a gym choice to /gym: the selector submits it, the shell and the header watch it. */
export const GYM_FETCHER_KEY = 'gym-choice';

const ShellContext = createContext<ShellStore | null>(null);

/**
 * Holds the shell store for the life of the page and drives the loading indicator: on at once when a page change
 * starts or a gym is being chosen, off 500 ms after it has loaded (docs/product/shell.md).
 */
export function ShellProvider({ children }: { children: ReactNode }) {
  const [shell] = useState(() => createShellStore());
  const navigation = useNavigation();
  const gymChoice = useFetcher({ key: GYM_FETCHER_KEY });
  const busy = navigation.state !== 'idle' || gymChoice.state !== 'idle';
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) shell.startLoading();
    else if (wasBusy.current) shell.finishLoading();
    wasBusy.current = busy;
  }, [busy, shell]);
  // Lets end-to-end tests (and curious humans) know client-side navigation is live.
  useEffect(() => {
    markHydrated();
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <ShellContext value={shell}>
      <ShellBehaviours />
      {children}
    </ShellContext>
  );
}

export function useShellState(): ShellState {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShellState must be used inside <ShellProvider>');
  return useSyncExternalStore(shell.subscribe, shell.get, shell.get);
}

/** The gym store, derived: the root data, with the gym being chosen shown as active at once. */
export function useGymState(): GymState<RootGym> {
  const gymChoice = useFetcher({ key: GYM_FETCHER_KEY });
  const choosing = gymChoice.state === 'idle' ? null : parseId(gymChoice.formData?.get('gymId'));
  return gymState(useRootData(), choosing);
}

/** Posts a gym choice through the shared fetcher (same form as the no-JavaScript one). */
export function useChooseGym(): (gymId: number, redirectTo: string) => void {
  const gymChoice = useFetcher({ key: GYM_FETCHER_KEY });
  return (gymId, redirectTo) =>
    void gymChoice.submit({ gymId: String(gymId), redirectTo }, { method: 'post', action: '/gym' });
}
