/** The staff area's URLs, enumerated from app/routes.ts, with every `:param` filled in. */
import routes from '#app/routes.ts';

interface RouteNode {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteNode[];
}

export interface AdminRoute {
  pattern: string;
  file: string;
}

export function adminRoutes(): AdminRoute[] {
  const found: AdminRoute[] = [];
  const walk = (nodes: RouteNode[], prefix: string) => {
    for (const node of nodes) {
      const path = node.path ? `${prefix}/${node.path}`.replace(/\/+/g, '/') : prefix;
      if ((path === '/admin' || path.startsWith('/admin/')) && (node.index || node.path)) {
        found.push({ pattern: path, file: node.file });
      }
      if (node.children) walk(node.children, path);
    }
  };
  walk(routes as unknown as RouteNode[], '');
  return found;
}

export function fillParams(pattern: string, id = '1'): string {
  return pattern.replace(/:[A-Za-z]+\??/g, id);
}
