/**
 * The public pages' shared browser code (the `site` chunk: app/components, app/lib and app/shell, not the staff
 * area's components) does no Intl work when it loads (docs/decisions/0056-browser-code-in-short-tasks.md): the
 * first Intl object of a page loads the locale's data, and made at a module's top level it lengthens the one task
 * that evaluates the code on the phone. Every such module is imported here with Intl's constructors counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const SITE_CHUNK_FOLDERS = ['app/components', 'app/lib', 'app/shell'];
const CONSTRUCTORS = [
  'Collator',
  'DateTimeFormat',
  'DisplayNames',
  'ListFormat',
  'NumberFormat',
  'PluralRules',
  'RelativeTimeFormat',
  'Segmenter',
] as const;

type Constructor = new (...args: unknown[]) => object;

const made: string[] = [];
const intl = Intl as unknown as Record<string, Constructor>;
const originals = new Map<string, Constructor>();
for (const name of CONSTRUCTORS) {
  const original = intl[name] as Constructor;
  originals.set(name, original);
  intl[name] = new Proxy(original, {
    construct(target, args, newTarget: Constructor) {
      made.push(`${name}(${JSON.stringify(args)})`);
      return Reflect.construct(target, args, newTarget);
    },
  });
}

afterAll(() => {
  for (const [name, original] of originals) intl[name] = original;
});

/** The browser modules of the folders: scripts and components, not server modules, tests or the staff area's. */
function browserModules(): string[] {
  return SITE_CHUNK_FOLDERS.flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.(server|test)\.tsx?$/.test(file) && !file.startsWith('admin'))
      .map((file) => path.resolve(folder, file)),
  );
}

it('imports every module of the site chunk without making an Intl object', async () => {
  const modules = browserModules();
  expect(modules.length).toBeGreaterThan(40);
  for (const module of modules) await import(module);
  expect(made).toEqual([]);
  // The counting itself works: the formatters are made on first use.
  const { formatDate } = await import('#app/lib/format.ts');
  expect(formatDate('2026-12-31')).toBe('31 декабря 2026 г.');
  expect(made).toEqual([
    'DateTimeFormat(["ru-RU",{"day":"numeric","month":"long","year":"numeric","timeZone":"Europe/Moscow"}])',
  ]);
});
