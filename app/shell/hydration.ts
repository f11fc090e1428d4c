/**
 * Whether the page's first render in the browser (the hydration of the server's HTML) is over. Set once by the shell
 * (ShellProvider) when it has hydrated; `ServerHtml` reads it to tell its first render from a later one.
 */
let hydrated = false;

export function markHydrated(): void {
  hydrated = true;
}

export function isHydrated(): boolean {
  return hydrated;
}
