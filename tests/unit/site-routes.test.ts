/** The public pages' build without the staff area (app/infra/site-routes.server.ts, ADR 53 addendum). */
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mayReachRoutesUnder, withoutRoutesUnder } from '#app/infra/site-routes.server.ts';

type Entry = { id: string; parentId?: string; path?: string; index?: boolean };

const ENTRIES: Entry[] = [
  { id: 'root', path: '' },
  { id: 'layouts/default', parentId: 'root' },
  { id: 'routes/site/home', parentId: 'layouts/default', index: true },
  { id: 'layouts/admin', parentId: 'root', path: 'admin' },
  { id: 'routes/admin/dashboard', parentId: 'layouts/admin', index: true },
  { id: 'admin-coaches-edit', parentId: 'layouts/admin', path: 'coaches/:id' },
  { id: 'routes/auth/login', parentId: 'root', path: 'login' },
  { id: 'routes/site/not-found', parentId: 'root', path: '*' },
];

function fakeBuild(): ServerBuild {
  const routes = Object.fromEntries(ENTRIES.map((entry) => [entry.id, { ...entry, module: {} }]));
  const manifest = Object.fromEntries(ENTRIES.map((entry) => [entry.id, { ...entry, module: `/${entry.id}.js` }]));
  return { routes, assets: { routes: manifest, version: 'v1' } } as unknown as ServerBuild;
}

/** React Router's matching over a flat route list, as the server runtime does it. */
function matchedIds(routes: ServerBuild['routes'], path: string): string[] {
  const node = (id: string): RouteObject => {
    const route = routes[id]!;
    const children = Object.values(routes)
      .filter((child) => child?.parentId === id)
      .map((child) => node(child!.id));
    return route.index ? { id, index: true } : { id, path: route.path, children };
  };
  return (matchRoutes([node('root')], path) ?? []).map((match) => match.route.id!);
}

describe('withoutRoutesUnder', () => {
  it('leaves out the layout and every route below it, in the server routes and the browser manifest', () => {
    const build = withoutRoutesUnder(fakeBuild(), 'layouts/admin');
    const kept = ['root', 'layouts/default', 'routes/site/home', 'routes/auth/login', 'routes/site/not-found'];
    expect(Object.keys(build.routes)).toEqual(kept);
    expect(Object.keys(build.assets.routes)).toEqual(kept);
    expect(build.assets.version).toBe('v1');
  });

  it('matches every path the staff area cannot reach as the whole build does', () => {
    const whole = fakeBuild();
    const without = withoutRoutesUnder(whole, 'layouts/admin');
    for (const path of ['/', '/login', '/coaches', '/adm', '/x/admin-ish', '/nothing/here']) {
      if (mayReachRoutesUnder(path, 'admin', '/__manifest')) continue;
      expect(matchedIds(without.routes, path), path).toEqual(matchedIds(whole.routes, path));
    }
  });
});

describe('mayReachRoutesUnder', () => {
  const reaches = (path: string) => mayReachRoutesUnder(path, 'admin', '/__manifest');

  it('sends every path React Router could match to a staff route to the whole build', () => {
    for (const path of ['/admin', '/admin/', '/admin/coaches/3', '/ADMIN/bids', '/Admin.data', '/x/../admin']) {
      expect(reaches(path), path).toBe(true);
    }
    // Decoded by React Router before matching, `\` read as `/` by the URL parser.
    expect(reaches('/%61dmin')).toBe(true);
    expect(reaches('/\\admin')).toBe(true);
  });

  it('sends route discovery to the whole build: a public page may ask for staff routes', () => {
    expect(reaches('/__manifest')).toBe(true);
  });

  it('leaves the public pages to the smaller build', () => {
    for (const path of ['/', '/shedule', '/coaches/3', '/coaches.data', '/_root.data', '/login', '/logout']) {
      expect(reaches(path), path).toBe(false);
    }
  });
});
