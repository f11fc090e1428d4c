/**
 * The command-line tools that open the database run PGlite's WebAssembly on V8's baseline compiler only
 * (app/infra/tool-process.server.ts, docs/decisions/0054-tools-compile-the-embedded-database-once.md).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function probe(nodeArgs: string[]) {
  const result = spawnSync(process.execPath, [...nodeArgs, 'tests/fixtures/tool-probe.ts', 'list', '--role', 'admin']);
  expect(result.stderr.toString()).toBe('');
  return JSON.parse(result.stdout.toString()) as { execArgv: string[]; argv: string[] };
}

/** The scripts that open a database, directly or through a module of `scripts/`. */
function toolsOpeningTheDatabase(): string[] {
  const dir = 'scripts';
  const opens = (file: string) => /#db\/index\.ts|@electric-sql\/pglite|from '\.\/backup-common\.ts'/.test(file);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.startsWith('bench') && name !== 'backup-common.ts')
    .filter((name) => opens(fs.readFileSync(path.join(dir, name), 'utf8')));
}

describe('a tool process', () => {
  it('restarts itself with --liftoff-only, keeping its own flags and arguments', () => {
    const { execArgv, argv } = probe(['--stack-size=984']);
    expect(execArgv).toEqual(['--stack-size=984', '--liftoff-only']);
    expect(argv).toEqual(['list', '--role', 'admin']);
  });

  it('does not restart when started with the flag', () => {
    expect(probe(['--liftoff-only']).execArgv).toEqual(['--liftoff-only']);
  });

  it('is what every tool that opens the database imports first', () => {
    const tools = toolsOpeningTheDatabase();
    // staff, migrate, seed, backup, restore, the first start's creation, the bid generator.
    expect(tools.length).toBeGreaterThanOrEqual(7);
    for (const tool of tools) {
      const source = fs.readFileSync(path.join('scripts', tool), 'utf8');
      const firstImport = source.split('\n').find((line) => line.startsWith('import '));
      expect(firstImport, tool).toBe("import '#app/infra/tool-process.server.ts';");
    }
  });
});
