import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import {
  createGymStore,
  createShellStore,
  type GymState,
  type GymStore,
  type GymSummary,
  type ShellState,
  type ShellStore,
} from '#app/shell/store.ts';

interface ShellValue {
  shell: ShellStore;
  gyms: GymStore<GymSummary>;
}

const ShellContext = createContext<ShellValue | null>(null);

/**
 * Holds the shell and gym stores for the life of the page. The gym list comes from the root loader,
 * so it is there before the first render (SPEC §8) and is not fetched again on navigation.
 */
export function ShellProvider({
  gyms,
  activeGymId,
  children,
}: {
  gyms: GymSummary[];
  activeGymId: number | null;
  children: ReactNode;
}) {
  const [value] = useState<ShellValue>(() => {
    const shell = createShellStore();
    const gymStore = createGymStore<GymSummary>(shell);
    gymStore.setGyms(gyms, activeGymId ?? undefined);
    return { shell, gyms: gymStore };
  });
  // The server is the source of truth: follow it when the root loader revalidates (after /gym, after a staff edit).
  useEffect(() => {
    value.gyms.setGyms(gyms, activeGymId ?? undefined);
  }, [value, gyms, activeGymId]);
  // Lets end-to-end tests (and curious humans) know client-side navigation is live.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <ShellContext value={value}>
      <NavigationLoading shell={value.shell} />
      {children}
    </ShellContext>
  );
}

/** Loading turns on at once when a page change starts and off 500 ms after it has loaded. */
function NavigationLoading({ shell }: { shell: ShellStore }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) shell.startLoading();
    else if (wasBusy.current) shell.finishLoading();
    wasBusy.current = busy;
  }, [busy, shell]);
  return null;
}

function useShellValue(): ShellValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside <ShellProvider>');
  return value;
}

export function useShellState(): ShellState {
  const { shell } = useShellValue();
  return useSyncExternalStore(shell.subscribe, shell.get, shell.get);
}

export function useGymStore(): GymStore<GymSummary> {
  return useShellValue().gyms;
}

export function useGymState(): GymState<GymSummary> {
  const { gyms } = useShellValue();
  return useSyncExternalStore(gyms.subscribe, gyms.get, gyms.get);
}
