/**
 * Imported first by the command-line tools that open the database, do one job and exit (`npm run staff`, `migrate`,
 * `backup`, `restore`, the seeders, and the first start's database creation that `server.ts` runs), for its side
 * effect: a tool started without `--liftoff-only` restarts itself in place with it, before any other module runs.
 *
 * The embedded database is PostgreSQL compiled to WebAssembly. V8 compiles it at once with its baseline compiler
 * (Liftoff), then compiles the functions that run often again, in the background, with its optimizing compiler. A
 * server lives long enough for that to pay off; a tool that is done in a second or two spends most of its CPU on it:
 * `npm run staff -- list` took 4.2 s of CPU with it and 1.4 s without it (docs/decisions/0054-tools-compile-the-embedded-database-once.md).
 * The flag changes only how WebAssembly is compiled, never what it does, and with PostgreSQL it changes nothing.
 */
import { restartInPlace } from '#app/infra/restart-in-place.server.ts';

/** The V8 flags of a short-lived tool. */
export const TOOL_NODE_FLAGS = ['--liftoff-only'] as const;

restartInPlace(TOOL_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag)));
