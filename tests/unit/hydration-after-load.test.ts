import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createHydrationDeferrer, deferHydration, LOAD_WAIT_MS } from '#app/infra/hydration-after-load.server.ts';

/** The rewritten document as text. */
function defer(html: string): string {
  return Buffer.concat(deferHydration(Buffer.from(html))).toString('utf8');
}

const MODULE_TEXT = [
  ';',
  'import * as route0 from "/assets/root-1.js";',
  'import * as route1 from "/assets/home-2.js";',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};',
  '',
  'import("/assets/entry.client-3.js");',
].join('\n');

/** A document shaped like React Router's output: preload links hoisted into the head, the module script last. */
function renderedDocument(moduleText = MODULE_TEXT): string {
  return [
    '<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"/><title>Атлетика</title>',
    '<link rel="modulepreload" href="/assets/entry.client-3.js" nonce="N0nce"/>',
    '<link rel="modulepreload" href="/assets/site-4.js" nonce="N0nce"/>',
    '<link rel="modulepreload" href="/assets/root-1.js" nonce="N0nce"/>',
    '<link rel="modulepreload" href="/assets/home-2.js" nonce="N0nce"/>',
    '<link rel="icon" href="/assets/favicon.svg"/>',
    '</head><body><main><h1>Клуб</h1></main>',
    '<script nonce="N0nce">window.__reactRouterContext = {};</script>',
    `<script nonce="N0nce" type="module" async="">${moduleText}</script>`,
    '<script nonce="N0nce">window.__reactRouterContext.streamController.close();</script>',
    '</body></html>',
  ].join('');
}

interface FakeElement {
  tag: string;
  rel?: string;
  href?: string;
  type?: string;
  nonce?: string;
  textContent?: string;
}

/** Runs the inline loader of a rewritten document against a minimal DOM and reports what it did. */
function runLoader(html: string, readyState: 'loading' | 'complete') {
  const loaderSource = /<script nonce="N0nce">(\(function\(m,p\)[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!loaderSource) throw new Error('no loader in the document');
  const headChildren: FakeElement[] = [];
  const replacedWith: FakeElement[] = [];
  const listeners = new Map<string, () => void>();
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const document = {
    readyState,
    currentScript: { nonce: 'N0nce', replaceWith: (element: FakeElement) => replacedWith.push(element) },
    head: { appendChild: (element: FakeElement) => headChildren.push(element) },
    createElement: (tag: string): FakeElement => ({ tag }),
  };
  vm.runInNewContext(loaderSource, {
    document,
    addEventListener: (name: string, callback: () => void) => listeners.set(name, callback),
    setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
  });
  return { headChildren, replacedWith, listeners, timers };
}

describe('browser code loaded after the page', () => {
  it('takes the module preloads out of the head and the module script out of the body', () => {
    const html = defer(renderedDocument());
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('<link rel="icon" href="/assets/favicon.svg"/>');
    expect(html).toContain('<h1>Клуб</h1>');
    expect(html).toContain('<script nonce="N0nce">window.__reactRouterContext = {};</script>');
    expect(html.endsWith('streamController.close();</script></body></html>')).toBe(true);
  });

  it('starts nothing before the load event, then adds the preloads and the module script with the nonce', () => {
    const { headChildren, replacedWith, listeners, timers } = runLoader(defer(renderedDocument()), 'loading');
    expect(headChildren).toEqual([]);
    expect(replacedWith).toEqual([]);
    listeners.get('load')?.();
    expect(headChildren.map(({ rel, href }) => `${rel} ${href}`)).toEqual([
      'modulepreload /assets/entry.client-3.js',
      'modulepreload /assets/site-4.js',
      'modulepreload /assets/root-1.js',
      'modulepreload /assets/home-2.js',
    ]);
    expect(replacedWith).toEqual([{ tag: 'script', type: 'module', nonce: 'N0nce', textContent: MODULE_TEXT }]);
    // The fallback timer after the load event adds nothing twice.
    expect(timers.map(({ ms }) => ms)).toEqual([LOAD_WAIT_MS]);
    timers[0]?.callback();
    expect(replacedWith).toHaveLength(1);
    expect(headChildren).toHaveLength(4);
  });

  it('starts after LOAD_WAIT_MS when the load event is late, and at once when the page has already loaded', () => {
    const late = runLoader(defer(renderedDocument()), 'loading');
    late.timers[0]?.callback();
    expect(late.replacedWith).toHaveLength(1);
    late.listeners.get('load')?.();
    expect(late.replacedWith).toHaveLength(1);

    const loaded = runLoader(defer(renderedDocument()), 'complete');
    expect(loaded.replacedWith).toHaveLength(1);
    expect(loaded.listeners.size).toBe(0);
  });

  it('keeps a module text that looks like markup inside its script', () => {
    const moduleText = `${MODULE_TEXT}\n// "<script>alert(1)" & <!--`;
    const html = defer(renderedDocument(moduleText));
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html).not.toContain('<!--');
    expect(runLoader(html, 'complete').replacedWith[0]?.textContent).toBe(moduleText);
  });

  it('leaves a document without a module script as it is', () => {
    const html = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(defer(html)).toBe(html);
  });

  it('rewrites a document that arrives in pieces split anywhere', async () => {
    const html = renderedDocument();
    const bytes = Buffer.from(html);
    const pieces = [bytes.subarray(0, 7), bytes.subarray(7, 301), bytes.subarray(301, 302), bytes.subarray(302)];
    const output = await text(Readable.from(pieces).pipe(createHydrationDeferrer()));
    expect(output).toBe(defer(html));
  });
});
