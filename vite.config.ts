import fs from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

const ROUTE_MODULE_LOADER =
  /[\\/]react-router[\\/]dist[\\/](?:production|development)[\\/]lib[\\/]dom[\\/]ssr[\\/]routeModules\.js$/;

/**
 * Swaps React Router's browser-side `loadRouteModule` for app/shell/route-module-loader.ts, which sends a failed
 * route-module import through the once-per-path reload guard instead of reloading unconditionally
 * (docs/decisions/0019-guarded-route-module-loader.md). The build fails loudly when React Router's file is no longer
 * what this replaces, so an upgrade cannot silently bring the reload loop back.
 */
function guardedRouteModuleLoader(): Plugin {
  const replacement = path.resolve(import.meta.dirname, 'app/shell/route-module-loader.ts');
  let replaced = false;
  return {
    name: 'club:guarded-route-module-loader',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load(id) {
      if (!ROUTE_MODULE_LOADER.test(id)) return null;
      const original = fs.readFileSync(id, 'utf8');
      if (!original.includes('window.location.reload()') || !/export \{ loadRouteModule \};?\s*$/.test(original)) {
        this.error(`${id} no longer looks like React Router 8.4's route module loader: review ${replacement}`);
      }
      replaced = true;
      return `export { loadRouteModule } from ${JSON.stringify(replacement)};`;
    },
    buildEnd(error) {
      if (!error && !replaced) this.error("React Router's route module loader was not found in the browser build");
    },
  };
}

export default defineConfig({
  plugins: [guardedRouteModuleLoader(), reactRouter()],
  environments: {
    // The server build's entry is the site module, not React Router's bare build (server/app.ts,
    // docs/decisions/0052-the-site-as-the-server-build.md): build/server/index.js is what server.ts mounts.
    ssr: { build: { rolldownOptions: { input: './server/app.ts' } } },
    // The site's shared browser code in one chunk (docs/decisions/0038-one-site-chunk.md).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: 'site', test: /[\\/]app[\\/](components|lib|shell)[\\/](?!admin[\\/])/ }],
            },
          },
        },
      },
    },
  },
  server: { port: 3000 },
});
