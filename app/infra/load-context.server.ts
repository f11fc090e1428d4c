import type { Logger } from 'pino';
import { RouterContextProvider } from 'react-router';
import type { ContentCache } from '#app/infra/content-cache.server.ts';
import type { Env } from '#app/infra/env.server.ts';
import type { Storage } from '#app/infra/storage.server.ts';
import type { DbHandle } from '#db/index.ts';

/** Long-lived services created once at start (server/start.ts) and handed to every request. */
export interface AppServices {
  env: Env;
  database: DbHandle;
  storage: Storage;
  cache: ContentCache;
  logger: Logger;
  sessionSecret: string;
  /** Identifies this build; the client compares it to detect a new deployment. */
  buildId: string;
}

export interface RequestInfo {
  id: string;
  nonce: string;
  logger: Logger;
  ip: string | null;
}

/**
 * The load context server/app.ts creates for each request. What the server hands in travels as plain properties, not
 * as `createContext` keys: a key is matched by object identity, and the services are made outside the server build
 * (server/start.ts, run by Node), which bundles its own copy of this module
 * (docs/decisions/0013-load-context-as-properties.md).
 */
export class AppLoadContext extends RouterContextProvider {
  readonly services: AppServices;
  readonly requestInfo: RequestInfo;

  constructor(services: AppServices, requestInfo: RequestInfo) {
    super();
    this.services = services;
    this.requestInfo = requestInfo;
  }
}
