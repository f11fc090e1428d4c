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

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module" async="">([\s\S]*?)<\/script>/;
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
 * The document with its browser code loaded after the page, or the document unchanged when it has no module script
 * (a page rendered without `<Scripts>`).
 */
export function deferHydration(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [tag, attributes = '', moduleText = ''] = script;
  const preloads: string[] = [];
  const withoutPreloads = (text: string) =>
    text.replace(MODULE_PRELOAD, (_, href: string) => {
      if (!preloads.includes(href)) preloads.push(href);
      return '';
    });
  const before = withoutPreloads(html.slice(0, script.index));
  const after = withoutPreloads(html.slice(script.index + tag.length));
  const nonce = NONCE_ATTRIBUTE.exec(attributes)?.[0] ?? '';
  const loader = `<script${nonce}>${LOADER}(${scriptLiteral(moduleText)},${scriptLiteral(preloads)})</script>`;
  return before + loader + after;
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
      callback(null, deferHydration(Buffer.concat(chunks).toString('utf8')));
    },
  });
}
