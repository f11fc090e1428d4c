/**
 * Keeps package-lock.json valid for `npm ci` everywhere.
 *
 * The package registry reachable from our CI machines mirrors only the linux-x64 builds of Biome, so
 * `npm install` here records no lock entries for Biome's other platform packages — and `npm ci` then refuses
 * the lock ("Missing: @biomejs/cli-darwin-arm64 from lock file"), here and in `docker build`. This script adds
 * those optional entries (os/cpu-gated, so npm skips them on other platforms). Run it after `npm install`:
 * `node scripts/lockfile-platforms.ts`.
 */
import fs from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
const packages: Record<string, Record<string, unknown>> = lock.packages;

/** Platform of each Biome CLI package, from its package name. */
function platformOf(name: string): { os: string[]; cpu: string[]; libc?: string[] } {
  const [, os, cpu, libc] = /cli-(\w+)-(\w+?)(?:-(musl))?$/.exec(name) ?? [];
  return { os: [os === 'win32' ? 'win32' : os!], cpu: [cpu!], ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  if (!location.endsWith('node_modules/@biomejs/biome')) continue;
  const optional = (entry.optionalDependencies ?? {}) as Record<string, string>;
  const base = location.slice(0, -'@biomejs/biome'.length);
  for (const [name, version] of Object.entries(optional)) {
    const key = `${base}${name}`;
    if (packages[key]) continue;
    packages[key] = {
      version,
      ...platformOf(name),
      dev: entry.dev,
      license: entry.license,
      optional: true,
      engines: { node: '>=14.21.3' },
    };
    added += 1;
  }
}

// npm sorts lock entries by path; keep that order so diffs stay small.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: ${added} platform entries added`);
