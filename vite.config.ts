import fs from 'node:fs';
import path from 'node:path';
import util from 'node:util';
import zlib from 'node:zlib';
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

const brotli = util.promisify(zlib.brotliCompress);
const gzip = util.promisify(zlib.gzip);

/**
 * The browser build's scripts and styles also as `.br` and `.gz` files beside them, at the highest levels, written
 * once the bundle is on disk; the server sends them to browsers that take them (app/infra/precompressed-assets.server.ts,
 * docs/decisions/0055-browser-files-compressed-at-build-time.md). Files under 1 KB stay as they are.
 */
function precompressBrowserFiles(): Plugin {
  return {
    name: 'club:precompress-browser-files',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const directory = options.dir ?? '';
      const files = Object.values(bundle).filter((file) => /\.(js|css)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (bytes.length < 1024) return;
          const target = path.join(directory, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.promises.writeFile(`${target}.br`, br), fs.promises.writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [guardedRouteModuleLoader(), reactRouter(), precompressBrowserFiles()],
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
