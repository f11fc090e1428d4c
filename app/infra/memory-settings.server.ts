/**
 * The server process's memory settings, defined here and nowhere else (docs/decisions/0034-v8-heap-sizing.md):
 * `server.ts` applies them to itself at start (`applyMemorySettings`), so `npm start`, the container and a process
 * manager running `node server.ts` all get the same bounded heap and malloc behaviour; the measuring scripts give
 * them to the servers they start (`memorySettingsEnv`).
 */
import fs from 'node:fs';
import { restartInPlace } from '#app/infra/restart-in-place.server.ts';

/**
 * V8 flags: old generation 384 MB, young generation 3 × 8 MB, and `gc()` for the one full collection after start-up
 * (`collectStartupGarbage`). With the embedded database (no `DATABASE_URL`) PostgreSQL itself lives in this process's
 * memory, so the young generation gets 3 × 4 MB: about 10 MB less resident memory at no measurable cost per page
 * (ADR 34, addendum 4); the bid export's collector costs more with it, and production runs on PostgreSQL.
 */
export function nodeMemoryFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  return ['--max-old-space-size=384', `--max-semi-space-size=${env.DATABASE_URL ? 8 : 4}`, '--expose-gc'];
}

/**
 * glibc malloc, read once when the process starts: two arenas instead of one per thread, and fixed thresholds so that
 * blocks of 128 KB and more are unmapped when freed and a free heap top over 128 KB is given back.
 */
export const MALLOC_SETTINGS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;

/**
 * Where jemalloc's shared library lives when the system has it (Debian's `libjemalloc2`, which the container
 * installs). The first that exists is preloaded in place of glibc's malloc: glibc keeps the free memory between live
 * blocks of its heap for good, jemalloc gives free pages back after a second (ADR 34, addendum 7).
 */
export const JEMALLOC_LIBRARIES = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
  '/usr/local/lib/libjemalloc.so.2',
] as const;

/**
 * jemalloc's settings: two arenas (as `MALLOC_ARENA_MAX` for glibc), a background thread that gives free pages back
 * to the system a second after they were freed instead of on the next allocation's path.
 */
export const JEMALLOC_CONF = 'background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2';

/**
 * jemalloc preloaded (`LD_PRELOAD`, `MALLOC_CONF`) when the system has it and the environment does not say otherwise:
 * an operator's own `LD_PRELOAD`, even empty, keeps glibc's malloc (or whatever it preloads); an own `MALLOC_CONF`
 * is kept.
 */
export function allocatorSettings(
  env: NodeJS.ProcessEnv,
  exists: (path: string) => boolean = fs.existsSync,
): Record<string, string> {
  if (env.LD_PRELOAD !== undefined) return {};
  const library = JEMALLOC_LIBRARIES.find((candidate) => exists(candidate));
  if (!library) return {};
  return { LD_PRELOAD: library, ...(env.MALLOC_CONF === undefined ? { MALLOC_CONF: JEMALLOC_CONF } : {}) };
}

const FLAG_NAME = /^--?[^=\s]+/;

function flagName(flag: string): string {
  return (FLAG_NAME.exec(flag)?.[0] ?? flag).replace(/^--?/, '--').replaceAll('_', '-');
}

/** The V8 flags of `nodeMemoryFlags(env)` that neither the command line nor NODE_OPTIONS sets. */
export function missingNodeFlags(
  execArgv: readonly string[],
  nodeOptions = '',
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const present = new Set([...execArgv, ...nodeOptions.split(/\s+/).filter(Boolean)].map(flagName));
  return nodeMemoryFlags(env).filter((flag) => !present.has(flagName(flag)));
}

/** The malloc settings the environment lacks, jemalloc's included (an operator's own value always wins). */
export function missingMallocSettings(
  env: NodeJS.ProcessEnv,
  exists: (path: string) => boolean = fs.existsSync,
): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(MALLOC_SETTINGS).filter(([name]) => env[name] === undefined)),
    ...allocatorSettings(env, exists),
  };
}

/**
 * The settings as environment variables for a child `node` process (the bench's servers and baselines), each unless
 * the environment already sets it.
 */
export function memorySettingsEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const nodeOptions = env.NODE_OPTIONS ?? '';
  return {
    ...MALLOC_SETTINGS,
    ...Object.fromEntries(Object.keys(MALLOC_SETTINGS).flatMap((name) => (env[name] ? [[name, env[name]]] : []))),
    ...allocatorSettings(env),
    NODE_OPTIONS: [nodeOptions, ...missingNodeFlags([], nodeOptions, env)].filter(Boolean).join(' '),
  };
}

/**
 * Restarts this process with the settings it lacks, in place (`process.execve`: same PID, so a container's PID 1 stays
 * the server and gets SIGTERM). malloc reads its settings only when a process starts, so setting them later would do
 * nothing. Returns without doing anything when everything is set (the common case once restarted, or when the
 * operator set them all) or on a platform without `execve`.
 */
export function applyMemorySettings(): void {
  restartInPlace(missingNodeFlags(process.execArgv, process.env.NODE_OPTIONS), missingMallocSettings(process.env));
}

/**
 * One full collection once the server is ready: opening PGlite (and creating its database on a first start) leaves
 * large unreachable buffers — the WebAssembly module's bytes, compilation memory, the first start's `initdb`
 * instance — that V8 only frees at a full collection, which a server under load rarely needs. Measured in ADR 34's
 * third addendum: 573 → 249 MB RSS after creating a database, 222 → 133 MB after opening one.
 */
export function collectStartupGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
