import type { RouterContextProvider } from 'react-router';
import { getServices } from '#app/infra/services.server.ts';

/** The public origin: PUBLIC_URL when configured (behind a proxy/CDN), else the request's own. */
export function siteOrigin(context: Readonly<RouterContextProvider>, url: URL): string {
  const configured = getServices(context).env.PUBLIC_URL;
  return (configured ?? url.origin).replace(/\/+$/, '');
}
