/**
 * The layering rules of docs/architecture.md ("Layers"), checked on every static import (type imports too: a type
 * is a dependency of the design even when the build erases it) of `app/`, `db/` and `server/`: imports point down only, and no
 * two folders import each other, directly or round a circle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedFile, STATIC_IMPORT } from '#tests/unit/imports.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Feature folders of `app/`: one feature's service and model layers, crypto and route logic in one place
 * (docs/architecture.md, "Feature folders"). Each is a layer between the services and the models.
 */
const FEATURES = ['auth'] as const;
type Feature = (typeof FEATURES)[number];

type Layer =
  | Feature
  | 'routes'
  | 'middleware'
  | 'components'
  | 'shell'
  | 'services'
  | 'models'
  | 'infra'
  | 'lib'
  | 'admin'
  | 'assets'
  | 'db'
  | 'db/migrations'
  | 'db/demo'
  | 'server'
  | 'scripts'
  | 'tests';

/** Which layer a file of ours belongs to. */
function layerOf(file: string): Layer {
  const [top, folder] = file.split('/');
  if (top === 'db') return folder === 'migrations' ? 'db/migrations' : folder === 'demo' ? 'db/demo' : 'db';
  if (top === 'scripts' || top === 'tests' || top === 'server') return top;
  // The route tree, the root route and the entries are route modules.
  if (!file.slice('app/'.length).includes('/')) return 'routes';
  if (folder === 'layouts' || folder === 'routes') return 'routes';
  return folder as Layer;
}

/** What each layer may import besides itself (docs/architecture.md, "Layers"). */
const ALLOWED: Record<Layer, readonly Layer[]> = {
  routes: [
    'middleware',
    'components',
    'shell',
    'services',
    ...FEATURES,
    'models',
    'infra',
    'lib',
    'admin',
    'assets',
    'db',
  ],
  middleware: ['services', ...FEATURES, 'models', 'infra', 'lib', 'admin', 'db'],
  components: ['shell', 'lib', 'admin', 'assets'],
  shell: ['lib', 'assets'],
  services: [...FEATURES, 'models', 'infra', 'lib', 'admin', 'db'],
  // A feature folder uses the layers below the services, never a service nor another feature folder.
  auth: ['models', 'infra', 'lib', 'db'],
  models: ['infra', 'lib', 'admin', 'db'],
  infra: ['lib', 'db'],
  // `lib` and `admin` run in the browser too: of the database only its types (db/schema.ts).
  lib: ['assets', 'db'],
  admin: ['lib', 'db'],
  assets: [],
  // db/ imports nothing of the app; migrations import nothing of ours at all; the demo seed stores its pictures
  // through the image intake like an upload (docs/demo-content.md).
  db: ['db/migrations'],
  'db/migrations': [],
  'db/demo': ['db', 'services', 'infra', 'lib'],
  // The server's parts (server/: start-up, the front, the site) sit above the app; nothing of it imports them.
  server: ['routes', 'middleware', 'services', ...FEATURES, 'models', 'infra', 'lib', 'admin', 'db'],
  scripts: [],
  tests: [],
};
/** Layers that may import only the types of the database, from db/schema.ts. */
const SCHEMA_TYPES_ONLY: readonly Layer[] = ['lib', 'admin'];

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('+') ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

function importsOf(file: string): Import[] {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  return [...source.matchAll(STATIC_IMPORT)].flatMap((match): Import[] => {
    const to = importedFile(file, match[1] ?? match[2]!);
    if (!to) return [];
    // React Router's generated route types.
    if (to.includes('/+types/')) return [];
    return [{ from: file, to, typeOnly: /^\s*(?:import|export)\s+type\s/.test(match[0]) }];
  });
}

/** Imports that break a rule, as `from → to` lines (empty when the rules hold). */
function forbiddenImports(imports: readonly Import[]): string[] {
  return imports.flatMap(({ from, to, typeOnly }) => {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (a === b) return [];
    if (!ALLOWED[a].includes(b)) return [`${from} → ${to} (${a} must not import ${b})`];
    if (b === 'db' && SCHEMA_TYPES_ONLY.includes(a) && !(typeOnly && to === 'db/schema.ts')) {
      return [`${from} → ${to} (${a} may import only the types of db/schema.ts)`];
    }
    return [];
  });
}

/** Circles in the graph of folders (a folder of `app/` or `db/` is one node), each as `a → b → … → a`. */
function folderCircles(imports: readonly Import[]): string[] {
  const folderOf = (file: string) =>
    file.startsWith('app/') && !file.slice(4).includes('/')
      ? file
      : path.dirname(file).split('/').slice(0, 2).join('/');
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)!.add(b);
  }
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') circles.push([...trail.slice(trail.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return circles;
}

const imports = [...sourceFiles('app'), ...sourceFiles('db'), ...sourceFiles('server')].flatMap(importsOf);

describe('the layers of docs/architecture.md', () => {
  it('finds the imports to check', () => {
    expect(imports.length).toBeGreaterThan(500);
  });

  it('imports point down only', () => {
    expect(forbiddenImports(imports)).toEqual([]);
  });

  it('no folders import each other, directly or round a circle', () => {
    expect(folderCircles(imports)).toEqual([]);
  });

  it('the check fails on a forbidden import and on a circle', () => {
    expect(
      forbiddenImports([
        { from: 'app/components/BidForm.tsx', to: 'app/models/bid.server.ts', typeOnly: false },
        { from: 'app/models/bid.server.ts', to: 'app/services/outbox-worker.server.ts', typeOnly: false },
        { from: 'app/infra/health.server.ts', to: 'app/models/gym.server.ts', typeOnly: true },
        { from: 'app/lib/club.ts', to: 'db/index.ts', typeOnly: true },
        { from: 'app/lib/club.ts', to: 'db/schema.ts', typeOnly: false },
        { from: 'db/index.ts', to: 'app/infra/env.server.ts', typeOnly: false },
        { from: 'db/migrations/x.ts', to: 'db/schema.ts', typeOnly: true },
        { from: 'app/lib/club.ts', to: 'db/schema.ts', typeOnly: true },
        { from: 'app/routes/site/home.tsx', to: 'app/models/gym.server.ts', typeOnly: false },
        { from: 'app/infra/page-cache.server.ts', to: 'server/start.ts', typeOnly: true },
        { from: 'server/app.ts', to: 'scripts/migrate.ts', typeOnly: false },
        { from: 'server/app.ts', to: 'app/auth/session-cookie.server.ts', typeOnly: false },
      ]),
    ).toHaveLength(9);
    expect(
      folderCircles([
        { from: 'app/infra/startup.server.ts', to: 'db/pglite-lock.ts', typeOnly: false },
        { from: 'db/migrate.ts', to: 'app/infra/env.server.ts', typeOnly: false },
      ]),
    ).toEqual(['app/infra → db → app/infra']);
  });

  it('a feature folder is used by routes, middleware, services and the server, and uses only what is below services', () => {
    expect(
      forbiddenImports([
        { from: 'app/routes/auth/login.tsx', to: 'app/auth/sign-in.server.ts', typeOnly: false },
        { from: 'app/middleware/staff.server.ts', to: 'app/auth/session-cookie.server.ts', typeOnly: false },
        { from: 'app/services/site-page.server.ts', to: 'app/auth/staff.server.ts', typeOnly: false },
        { from: 'server/app.ts', to: 'app/auth/session-cookie.server.ts', typeOnly: false },
        { from: 'app/auth/accounts.server.ts', to: 'app/models/audit.server.ts', typeOnly: false },
        { from: 'app/auth/sign-in.server.ts', to: 'app/infra/services.server.ts', typeOnly: false },
        { from: 'app/auth/two-factor.server.ts', to: 'app/lib/club.ts', typeOnly: false },
        { from: 'app/auth/session.server.ts', to: 'db/schema.ts', typeOnly: true },
      ]),
    ).toEqual([]);
    expect(
      forbiddenImports([
        { from: 'app/auth/sign-in.server.ts', to: 'app/services/access.server.ts', typeOnly: false },
        { from: 'app/auth/session.server.ts', to: 'app/components/Heading.tsx', typeOnly: true },
        { from: 'app/auth/staff.server.ts', to: 'app/middleware/staff.server.ts', typeOnly: false },
        { from: 'app/models/audit.server.ts', to: 'app/auth/session.server.ts', typeOnly: true },
        { from: 'app/infra/cookie-options.server.ts', to: 'app/auth/session-cookie.server.ts', typeOnly: false },
        { from: 'app/lib/password.ts', to: 'app/auth/password.server.ts', typeOnly: false },
        { from: 'app/components/admin/TwoFactor.tsx', to: 'app/auth/two-factor.server.ts', typeOnly: true },
      ]).map((line) => line.slice(line.indexOf('('))),
    ).toEqual([
      '(auth must not import services)',
      '(auth must not import components)',
      '(auth must not import middleware)',
      '(models must not import auth)',
      '(infra must not import auth)',
      '(lib must not import auth)',
      '(components must not import auth)',
    ]);
    expect(
      folderCircles([
        { from: 'app/services/site-page.server.ts', to: 'app/auth/staff.server.ts', typeOnly: false },
        { from: 'app/auth/sign-in.server.ts', to: 'app/services/access.server.ts', typeOnly: false },
      ]),
    ).toEqual(['app/auth → app/services → app/auth']);
  });
});
