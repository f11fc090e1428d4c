/**
 * The server's memory settings are defined once (app/infra/memory-settings.server.ts) and applied by the server to
 * itself: a `node server.ts` started without them restarts in place with them (docs/decisions/0034-v8-heap-sizing.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  allocatorSettings,
  JEMALLOC_CONF,
  JEMALLOC_LIBRARIES,
  MALLOC_SETTINGS,
  memorySettingsEnv,
  missingMallocSettings,
  missingNodeFlags,
  nodeMemoryFlags,
} from '#app/infra/memory-settings.server.ts';

describe('memory settings', () => {
  it('finds the V8 flags missing from the command line and NODE_OPTIONS, in either spelling', () => {
    expect(missingNodeFlags([], '', {})).toEqual(nodeMemoryFlags({}));
    expect(missingNodeFlags(['--max-old-space-size=512'], '--max_semi_space_size=4', {})).toEqual(['--expose-gc']);
    expect(missingNodeFlags([], nodeMemoryFlags({}).join(' '), {})).toEqual([]);
  });

  it('gives the young generation less room when the embedded database shares the process', () => {
    expect(nodeMemoryFlags({})).toContain('--max-semi-space-size=4');
    expect(nodeMemoryFlags({ DATABASE_URL: 'postgres://db/club' })).toContain('--max-semi-space-size=8');
  });

  it('preloads jemalloc where the system has it, unless the operator preloads something (or nothing) else', () => {
    const debian = (path: string) => path === '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2';
    expect(allocatorSettings({}, debian)).toEqual({
      LD_PRELOAD: '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
      MALLOC_CONF: JEMALLOC_CONF,
    });
    expect(allocatorSettings({}, () => false)).toEqual({});
    expect(allocatorSettings({ LD_PRELOAD: '' }, debian)).toEqual({});
    expect(allocatorSettings({ LD_PRELOAD: '/opt/tcmalloc.so' }, debian)).toEqual({});
    expect(allocatorSettings({ MALLOC_CONF: 'narenas:1' }, debian)).toEqual({
      LD_PRELOAD: '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
    });
    expect(missingMallocSettings({ ...MALLOC_SETTINGS }, debian)).toEqual({
      LD_PRELOAD: '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
      MALLOC_CONF: JEMALLOC_CONF,
    });
    expect(missingMallocSettings({ ...MALLOC_SETTINGS, LD_PRELOAD: '' }, debian)).toEqual({});
  });

  it('keeps an operator’s own malloc values and fills in the rest', () => {
    expect(missingMallocSettings({ MALLOC_ARENA_MAX: '4' }, () => false)).toEqual({
      MALLOC_MMAP_THRESHOLD_: MALLOC_SETTINGS.MALLOC_MMAP_THRESHOLD_,
      MALLOC_TRIM_THRESHOLD_: MALLOC_SETTINGS.MALLOC_TRIM_THRESHOLD_,
    });
    const env = memorySettingsEnv({ MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-old-space-size=512' });
    expect(env.MALLOC_ARENA_MAX).toBe('4');
    expect(env.NODE_OPTIONS).toBe('--max-old-space-size=512 --max-semi-space-size=4 --expose-gc');
  });

  it('is accepted by node in NODE_OPTIONS (the bench hands them over that way)', () => {
    const result = spawnSync(process.execPath, ['-e', 'process.exit(typeof gc === "function" ? 0 : 3)'], {
      env: { ...process.env, ...memorySettingsEnv({}) },
    });
    expect(result.stderr.toString()).toBe('');
    expect(result.status).toBe(0);
  });

  it('are applied by the server to itself, in place (same pid), when started without them', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '/nonexistent-club-dir', PORT: 'not-a-port' };
    for (const name of [...Object.keys(MALLOC_SETTINGS), 'NODE_OPTIONS', 'LD_PRELOAD', 'MALLOC_CONF']) delete env[name];
    // A bad PORT stops the server right after its settings are read: long enough to look at the process.
    const server = spawn(process.execPath, ['--stack-size=984', 'server.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pid = server.pid!;
    let seen: { cmdline: string; environ: string; maps: string } | null = null;
    const deadline = Date.now() + 20_000;
    while (!seen && Date.now() < deadline && server.exitCode === null) {
      try {
        const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
        const maps = fs.readFileSync(`/proc/${pid}/maps`, 'utf8');
        // Right after the restart only node and the dynamic loader are mapped: the process is looked at once the
        // loader has mapped the C library (preloaded libraries come before it).
        if (cmdline.includes('--expose-gc') && /\/libc\.so/.test(maps))
          seen = { cmdline, environ: fs.readFileSync(`/proc/${pid}/environ`, 'utf8'), maps };
      } catch {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    expect(seen, 'the restarted process was never seen').not.toBeNull();
    for (const flag of nodeMemoryFlags(env)) expect(seen!.cmdline).toContain(flag);
    // The operator's own flag survives the restart.
    expect(seen!.cmdline).toContain('--stack-size=984');
    for (const [name, value] of Object.entries(MALLOC_SETTINGS)) expect(seen!.environ).toContain(`${name}=${value}\0`);
    // jemalloc, where the system has it (CI installs it as the container does), is loaded by the restarted process.
    const jemalloc = JEMALLOC_LIBRARIES.find((library) => fs.existsSync(library));
    if (jemalloc) {
      expect(seen!.environ).toContain(`LD_PRELOAD=${jemalloc}\0`);
      expect(seen!.environ).toContain(`MALLOC_CONF=${JEMALLOC_CONF}\0`);
      expect(seen!.maps).toContain(jemalloc);
    }
  });
});
