import type { RouterContextProvider } from 'react-router';
import { type AppServices, type RequestInfo, requestContext, servicesContext } from '#app/context.ts';

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  const services = context.get(servicesContext);
  if (!services) throw new Error('Application services are missing from the request context');
  return services;
}

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  const info = context.get(requestContext);
  if (!info) throw new Error('Request info is missing from the request context');
  return info;
}

export const getDb = (context: Readonly<RouterContextProvider>) => getServices(context).database.db;
