import type { Logger } from 'pino';
import { createContext } from 'react-router';
import type { ContentCache } from '#app/infra/content-cache.server.ts';
import type { Env } from '#app/infra/env.server.ts';
import type { Storage } from '#app/infra/storage.server.ts';
import type { DbHandle } from '#db/index.ts';

/** Long-lived services created once by server.ts and handed to every request. */
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

// Defaults are null because `get()` on a context without a default throws when nothing was set (STACK trap 3).
export const servicesContext = createContext<AppServices | null>(null);
export const requestContext = createContext<RequestInfo | null>(null);
