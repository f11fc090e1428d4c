/**
 * What `npm start` prints for a person (README, "Run it"): a line that it builds and how long that took, no bundler
 * table — unless the build fails, when its output is the reason. A stand-in `npm` (first on PATH) plays the build,
 * so the test needs no real build.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module without types (it must run on any Node)
import { durationText } from '#scripts/build-if-stale.mjs';

const script = path.resolve('scripts/build-if-stale.mjs');
const ASSET_TABLE = Array.from(
  { length: 70 },
  (_, i) => `build/client/assets/chunk-${i}.js   1.${i} kB │ gzip: 0.${i} kB`,
);

/** Runs build-if-stale in an empty project (no build yet) whose `npm run build` prints the table and exits `code`. */
async function startWithBuild(code: number): Promise<{ code?: number; stdout: string; stderr: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-start-'));
  const bin = path.join(root, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{}');
  fs.writeFileSync(
    path.join(bin, 'npm'),
    `#!/bin/sh\ncat <<'TABLE'\n${ASSET_TABLE.join('\n')}\nTABLE\n${code ? 'echo "error: Unexpected token" >&2\n' : ''}exit ${code}\n`,
    { mode: 0o755 },
  );
  try {
    return await promisify(execFile)(process.execPath, [script], {
      cwd: root,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
  } catch (error) {
    return error as { code?: number; stdout: string; stderr: string };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

describe('npm start: the build step', () => {
  it('prints two Russian lines and no asset table, with the time the build really took', async () => {
    const result = await startWithBuild(0);
    const lines = `${result.stdout}${result.stderr}`.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Собираю сайт (сборки ещё нет)…');
    expect(lines[1]).toMatch(/^Сайт собран за \d+ с\.$/);
    expect(result.stderr).not.toContain('около минуты');
  });

  it('shows the bundler’s output when the build fails', async () => {
    const result = await startWithBuild(2);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(ASSET_TABLE[69]);
    expect(result.stderr).toContain('error: Unexpected token');
    expect(result.stderr.trim().split('\n').at(-1)).toBe('Сборка не удалась: ошибки выше.');
  });

  it('says durations as people do', () => {
    expect(durationText(400)).toBe('1 с');
    expect(durationText(5_200)).toBe('5 с');
    expect(durationText(65_000)).toBe('1 мин 5 с');
  });
});
