/**
 * Imported by vitest.config.ts and playwright.config.ts: every Node process of a test run (the runners, their workers,
 * and the servers and command-line tools the tests start, which inherit the setting) keeps the code it compiles in
 * Node's module compile cache, so the next process loading the same module skips compiling it. The suites start
 * Node dozens of times on the same 1 MB server build and the same tools: a server start took 3.2 s of CPU without the
 * cache and 2.4 s with it, and the vitest run 156 s of CPU without it, 135 s with the cache empty at its start and
 * 111 s with it filled (docs/testing.md, "Node's compile cache"). The cache is keyed by each file's contents, so a
 * changed file is compiled anew; it lives in `node_modules/.cache`, gone with a fresh `npm ci`.
 */
import { enableCompileCache } from 'node:module';
import path from 'node:path';

process.env.NODE_COMPILE_CACHE ??= path.resolve('node_modules/.cache/node-compile');
enableCompileCache(process.env.NODE_COMPILE_CACHE);
