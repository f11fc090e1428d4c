import type { RouterContextProvider } from 'react-router';
import type { AppLoadContext, AppServices, RequestInfo } from '#app/infra/load-context.server.ts';

// Property reads, never `instanceof`: the services are made outside the build (see app/infra/load-context.server.ts).
type Provided = Partial<Pick<AppLoadContext, 'services' | 'requestInfo'>>;

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  const services = (context as Provided).services;
  if (!services) throw new Error('Application services are missing from the request context');
  return services;
}

/** The request's id, nonce, logger and address; null outside a request handled by server/app.ts. */
export function findRequestInfo(context: Readonly<RouterContextProvider> | undefined): RequestInfo | null {
  return (context as Provided | undefined)?.requestInfo ?? null;
}

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  const info = findRequestInfo(context);
  if (!info) throw new Error('Request info is missing from the request context');
  return info;
}

export const getDb = (context: Readonly<RouterContextProvider>) => getServices(context).database.db;
