/**
 * A stop during start-up (migrations, the demo seed) ends the server at once with exit code 0, as a container's PID 1
 * needs: Node installs no default SIGTERM handler for PID 1 (server.ts, README "Operations").
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

describe('SIGTERM during start-up', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-startup-signal-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('exits 0 at once, before listening, and says so in the log', async () => {
    const server = spawn(process.execPath, ['server.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DEMO_CONTENT: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr!.on('data', (chunk) => {
      output += chunk;
    });
    // The embedded database's lock file appears when the server opens it: from then on it is creating and migrating
    // a new database, seconds before it listens.
    const lockFile = path.join(dataDir, 'pglite.lock');
    while (!fs.existsSync(lockFile)) await new Promise((resolve) => setTimeout(resolve, 20));
    const signalledAt = Date.now();
    server.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    expect(output).toContain('stopped during start-up');
    expect(output).not.toContain('"msg":"listening"');
  });
});
