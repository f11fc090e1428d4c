import { createContext, useContext } from 'react';

/**
 * The text of the site stylesheet (app/app.css), which the root layout writes into the document's head instead of
 * linking it: about 7 KB gzip, so no render-blocking request before the first paint. Only app/entry.server.tsx
 * provides it; in the browser it stays empty, so the text never enters the JavaScript bundle, and React keeps the
 * server's style element as it is (the element is never re-rendered with other props).
 */
export const SiteStylesContext = createContext('');

export function useSiteStyles(): string {
  return useContext(SiteStylesContext);
}
