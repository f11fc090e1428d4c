/**
 * Yandex Metrika (docs/product/shell.md). Everything here is a no-op until `initMetrika` ran, which only happens
 * when YANDEX_METRIKA_ID is configured — without it the site makes no request to another host.
 */
type Ym = (id: number, method: string, ...args: unknown[]) => void;

declare global {
  interface Window {
    ym?: Ym & { a?: unknown[][]; l?: number };
  }
}

let counterId: number | null = null;
let lastUrl: string | null = null;

export const METRIKA_SCRIPT_URL = 'https://mc.yandex.ru/metrika/tag.js';

/** Loads the tag once; the tag itself reports the first page view, so `hit` is only sent for later route changes. */
export function initMetrika(id: string, nonce: string | undefined, params: Record<string, unknown>): void {
  const numeric = Number(id);
  if (counterId !== null || !Number.isInteger(numeric) || numeric <= 0 || typeof window === 'undefined') return;
  counterId = numeric;
  lastUrl = window.location.href;
  const queue: unknown[][] = [];
  const ym = ((...args: unknown[]) => {
    queue.push(args);
  }) as NonNullable<Window['ym']>;
  ym.a = queue;
  ym.l = Date.now();
  window.ym = window.ym ?? ym;
  const script = document.createElement('script');
  script.async = true;
  script.src = METRIKA_SCRIPT_URL;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
  window.ym(numeric, 'init', { defer: false, clickmap: true, trackLinks: true, accurateTrackBounce: true, params });
}

/** One hit per route change; repeated calls for the same URL (first render, re-renders) are ignored. */
export function reportPageView(url: string, title: string): boolean {
  if (counterId === null || !window.ym || url === lastUrl) return false;
  const referer = lastUrl ?? undefined;
  lastUrl = url;
  window.ym(counterId, 'hit', url, { title, referer });
  return true;
}

export function reachGoal(goal: string, params: Record<string, unknown>): void {
  if (counterId === null || !window.ym) return;
  window.ym(counterId, 'reachGoal', goal, params);
}

export function setUserParams(params: Record<string, unknown>): void {
  if (counterId === null || !window.ym) return;
  window.ym(counterId, 'userParams', params);
}

/** For tests. */
export function resetAnalytics(): void {
  counterId = null;
  lastUrl = null;
}
