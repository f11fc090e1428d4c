/**
 * Our static imports as the import-graph tests read them (tests/unit/layers.test.ts,
 * tests/unit/server-import-graph.test.ts): the package's `#…` aliases resolved to files, relative paths joined.
 */
import path from 'node:path';

export const ALIASES: Record<string, string> = {
  '#app/': 'app/',
  '#db/': 'db/',
  '#scripts/': 'scripts/',
  '#server/': 'server/',
  '#tests/': 'tests/',
};

/** Static imports and re-exports (`import(…)` calls are not matched): the specifier in group 1 or 2. */
export const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

/** The file of ours an import of `file` names (query suffixes like `?inline` dropped), or null for a package. */
export function importedFile(file: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, '');
  const alias = Object.keys(ALIASES).find((prefix) => bare.startsWith(prefix));
  if (alias) return ALIASES[alias] + bare.slice(alias.length);
  return bare.startsWith('.') ? path.join(path.dirname(file), bare) : null;
}
