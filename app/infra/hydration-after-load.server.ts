/**
 * Public pages load their browser code after the page itself (ADR 39 in docs/decisions, docs/http-caching.md).
 *
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` in the head for every module of the page and ends the
 * body with an inline module script that imports them and starts hydration. The browser then downloads the ~125 KB
 * of JavaScript at high priority while the page's first paint and its large picture still wait for their bytes, and
 * runs it before the first paint when it arrives in time. Every public page works fully without JavaScript (links,
 * forms, the gym choice), so nothing needs it that early.
 *
 * The rewrite below removes the preload links and turns the module script into a classic inline script that keeps
 * the module's text and the preload list, and at the window's `load` event (the HTML, the inline styles and the
 * pictures that are not lazy), or after LOAD_WAIT_MS at the latest, adds the preload links and the module script
 * with the page's nonce. Hydration then runs exactly as before, only later.
 */
import { Transform } from 'node:stream';

/** Hydration starts at the latest this long after the body was parsed, whatever a slow picture is doing. */
export const LOAD_WAIT_MS = 3_000;

const PRELOAD_START = Buffer.from('<link rel="modulepreload" href="');
const MODULE_SCRIPT_OPEN = Buffer.from(' type="module" async="">');
const SCRIPT_START = Buffer.from('<script');
const SCRIPT_END = Buffer.from('</script>');
const QUOTE = 0x22;
const TAG_CLOSE = 0x3e;
const NONCE_ATTRIBUTE = / nonce="[^"]*"/;

/**
 * The classic script that replaces the module script. `m` is the module's text, `p` the preload URLs. It replaces
 * itself with the module script, so the document React hydrates has a script element where the server put one.
 */
const LOADER = `(function(m,p){var c=document.currentScript,d=0;function go(){if(d)return;d=1;p.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});var s=document.createElement("script");s.type="module";s.nonce=c.nonce;s.textContent=m;c.replaceWith(s)}if(document.readyState==="complete")go();else{addEventListener("load",go);setTimeout(go,${LOAD_WAIT_MS})}})`;

/** A value as JavaScript source that cannot end the inline script it stands in. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The document, in pieces, with its browser code loaded after the page; the document unchanged when it has no module
 * script (a page rendered without `<Scripts>`). Works on the bytes: only the module's text and the preload URLs are
 * decoded, the rest is passed on as slices of `document`.
 */
export function deferHydration(document: Buffer): Buffer[] {
  const open = document.lastIndexOf(MODULE_SCRIPT_OPEN);
  const start = open === -1 ? -1 : document.lastIndexOf(SCRIPT_START, open);
  const textStart = open + MODULE_SCRIPT_OPEN.length;
  const end = start === -1 ? -1 : document.indexOf(SCRIPT_END, textStart);
  if (end === -1) return [document];
  const pieces: Buffer[] = [];
  const preloads: string[] = [];
  let from = 0;
  // React hoists the preload links into the head, before the module script.
  for (let at = document.indexOf(PRELOAD_START); at !== -1 && at < start; at = document.indexOf(PRELOAD_START, from)) {
    const hrefStart = at + PRELOAD_START.length;
    const hrefEnd = document.indexOf(QUOTE, hrefStart);
    const close = hrefEnd === -1 ? -1 : document.indexOf(TAG_CLOSE, hrefEnd);
    if (close === -1 || close > start) break;
    const href = document.toString('utf8', hrefStart, hrefEnd);
    if (!preloads.includes(href)) preloads.push(href);
    pieces.push(document.subarray(from, at));
    from = close + 1;
  }
  pieces.push(document.subarray(from, start));
  const attributes = document.toString('utf8', start + SCRIPT_START.length, open);
  const nonce = NONCE_ATTRIBUTE.exec(attributes)?.[0] ?? '';
  const moduleText = document.toString('utf8', textStart, end);
  pieces.push(
    Buffer.from(`<script${nonce}>${LOADER}(${scriptLiteral(moduleText)},${scriptLiteral(preloads)})</script>`),
    document.subarray(end + SCRIPT_END.length),
  );
  return pieces;
}

/**
 * A stream that collects a whole rendered document and passes on `deferHydration` of it. Public pages have no
 * suspense boundaries, so React writes them at once and holding them back until the end costs no time.
 */
export function createHydrationDeferrer(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      callback();
    },
    flush(callback) {
      for (const piece of deferHydration(Buffer.concat(chunks))) this.push(piece);
      callback();
    },
  });
}
