/** Link prefetch on intent, skipped on slow connections (2g) or when the visitor asked to save data (docs/product/shell.md). */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g']);

export function shouldPrefetch(connection: ConnectionInfo | null | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType && SLOW_CONNECTIONS.has(connection.effectiveType));
}

export type PrefetchMode = 'intent' | 'none';

export function prefetchMode(connection: ConnectionInfo | null | undefined): PrefetchMode {
  return shouldPrefetch(connection) ? 'intent' : 'none';
}

/** `navigator.connection` where the browser has it (Chromium), else null. */
export function currentConnection(): (ConnectionInfo & EventTarget) | null {
  if (typeof navigator === 'undefined') return null;
  return (navigator as Navigator & { connection?: ConnectionInfo & EventTarget }).connection ?? null;
}
