/**
 * Our version of React Router's `loadRouteModule` (react-router/dist/…/lib/dom/ssr/routeModules.js), swapped in by
 * the `guardedRouteModuleLoader` Vite plugin for the browser build. React Router's own version answers every failed
 * route-module import with an unconditional `window.location.reload()`, which loops while a chunk stays unavailable
 * and reloads the page when a merely hovered link fails to prefetch. This one differs only in the failure: it goes
 * through the once-per-path guard (docs/chunk-recovery.md, docs/decisions/0019-guarded-route-module-loader.md).
 */
import { recoverFromRouteModuleFailure } from '#app/shell/chunk-reload.ts';

interface ManifestRoute {
  id: string;
  module: string;
}

/** Shaped like a router error response, so the root error page shows a 503 with this text. */
const UNAVAILABLE = {
  status: 503,
  statusText: 'Service Unavailable',
  internal: false,
  data: 'Не удалось загрузить страницу. Проверьте соединение и откройте её ещё раз через несколько секунд.',
};

/**
 * Stands in for a module that could not be loaded when no page load may start: the router must get a module (a
 * rejection would leave a blank page), and rendering this one shows the error page.
 */
const UNAVAILABLE_MODULE = {
  default: function RouteUnavailable(): never {
    throw UNAVAILABLE;
  },
};

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export async function loadRouteModule(route: ManifestRoute, routeModulesCache: Record<string, unknown>) {
  if (route.id in routeModulesCache) return routeModulesCache[route.id];
  try {
    const routeModule: unknown = await import(/* @vite-ignore */ route.module);
    routeModulesCache[route.id] = routeModule;
    return routeModule;
  } catch (error) {
    console.error(`Error loading route module \`${route.module}\``, error);
    const { pathname, search, hash } = window.location;
    const current = pathname + search + hash;
    const loading = recoverFromRouteModuleFailure({
      storage: sessionStorageOrNull(),
      load: (url) => (url === current ? window.location.reload() : window.location.assign(url)),
    });
    // While the page is being replaced the router waits; otherwise it gets the stand-in (not cached: the next
    // attempt imports again).
    return loading ? new Promise<never>(() => {}) : UNAVAILABLE_MODULE;
  }
}
