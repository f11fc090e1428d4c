/**
 * Public pages are answered by React Router over the build without the staff area's routes (ADR 53, addendum):
 * React Router matches a document request's URL against every route's branch four or five times (the request, the
 * loaders, the router it renders with, the routes it tells the browser about) and builds route objects for every
 * route of the manifest, all per request. The staff area is about 80 of the site's 107 routes, and the public pages
 * rank below them, so most of that work was spent on routes a public URL can never match.
 *
 * Every route of the staff area lies under one path segment (`/admin`); a request whose path may reach it, and React
 * Router's route discovery (`/__manifest`, which must find staff routes for a client on a public page), get the
 * whole build. "May reach" errs on the side of the whole build: any path that contains the segment's letters in any
 * case anywhere (React Router matches without regard to case, and the URL turns `\` into `/` and resolves `..`),
 * and any percent-encoded path (React Router decodes it before matching).
 */
import type { ServerBuild } from 'react-router';

/** The build without the route `layoutId` and everything below it, in the server routes and the browser manifest. */
export function withoutRoutesUnder(build: ServerBuild, layoutId: string): ServerBuild {
  const routes = build.routes;
  const below = (id: string | undefined): boolean => {
    for (let at = id; at !== undefined; at = routes[at]?.parentId) if (at === layoutId) return true;
    return false;
  };
  const serverRoutes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(routes)) if (route && !below(id)) serverRoutes[id] = route;
  const manifestRoutes: ServerBuild['assets']['routes'] = {};
  for (const [id, route] of Object.entries(build.assets.routes)) if (route && !below(id)) manifestRoutes[id] = route;
  return { ...build, routes: serverRoutes, assets: { ...build.assets, routes: manifestRoutes } };
}

/**
 * Whether a request path may be answered by a route under the path segment `segment`, or is React Router's route
 * discovery (`manifestPath`). True for every path React Router could match to such a route, and for some others.
 */
export function mayReachRoutesUnder(path: string, segment: string, manifestPath: string): boolean {
  return path.includes('%') || path.toLowerCase().includes(segment.toLowerCase()) || path === manifestPath;
}
