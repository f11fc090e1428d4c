/** `scripts/preflight.mjs`: a human message instead of Node's own error on an old Node (README, run it). */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
// Debian's own Node (20 on bookworm), when the machine has one besides the project's.
const OLD_NODE = ['/usr/bin/node'].find((file) => fs.existsSync(file) && fs.realpathSync(file) !== process.execPath);

describe('preflight', () => {
  it('passes on this Node', async () => {
    const { stderr } = await run(process.execPath, ['scripts/preflight.mjs']);
    expect(stderr).toBe('');
  });

  it.skipIf(!OLD_NODE)('refuses an older Node with one Russian line saying what to install', async () => {
    const { stdout: version } = await run(OLD_NODE!, ['--version']);
    if (Number(version.slice(1).split('.')[0]) >= 24) return;
    const result = await run(OLD_NODE!, ['scripts/preflight.mjs']).catch((error) => error);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Нужен Node.js 24 или новее, а запущен ${version.trim()}: он не умеет запускать TypeScript-файлы сервера. ` +
        'Установите Node.js 24 и повторите, например: npm install --prefix ~/.cache/node24 node@24 && ' +
        'export PATH=~/.cache/node24/node_modules/node/bin:$PATH (или nvm install 24, fnm install 24; README, «Run it»).',
    );
  });

  it('stops the browser tests at once when Chromium is missing, naming both fixes', async () => {
    const startedAt = Date.now();
    const result = await run(process.execPath, ['scripts/preflight.mjs', 'chromium'], {
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
    }).catch((error) => error);
    expect(Date.now() - startedAt).toBeLessThan(5000);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('CHROMIUM_PATH=/nonexistent/chromium');
    expect(result.stderr).toContain('apt-get install -y chromium');
    expect(result.stderr).toContain('npx playwright install chromium');
  });
});
