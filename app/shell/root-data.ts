import { useRouteLoaderData } from 'react-router';

/** A gym as every page's header, footer, map and JSON-LD need it. */
export interface RootGym {
  id: number;
  name: string;
  address: string;
  phone: string;
  openingHours: string;
  lat: number | null;
  lng: number | null;
}

/** What the root loader gives every page: the gym list (fetched once), the active gym and the page's settings. */
export interface RootData {
  gyms: RootGym[];
  activeGymId: number | null;
  env: { yandexMetrikaId: string | null; yandexMapsApiKey: string | null };
  /** The build the page was rendered by; the hourly check compares the live one with it. */
  buildId: string;
  nonce: string;
}

/** The root loader's data; undefined only while an error page renders without it. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}
