/** `npm start` builds only when needed (scripts/build-if-stale.mjs) and greets a person in a terminal. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localAddress, say } from '#app/infra/startup-notes.server.ts';
// @ts-expect-error: a plain JavaScript module without types (it must run on any Node)
import { staleReason } from '#scripts/build-if-stale.mjs';

function touch(file: string, secondsAgo: number) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'x');
  const time = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, time, time);
}

describe('build only when stale', () => {
  it('builds without a build, skips a current one, rebuilds after a source changes', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-stale-'));
    try {
      touch(path.join(root, 'app/root.tsx'), 100);
      touch(path.join(root, 'package-lock.json'), 100);
      expect(staleReason(root)).toBe('сборки ещё нет');
      touch(path.join(root, 'build/server/index.js'), 50);
      fs.utimesSync(path.join(root, 'app'), new Date(Date.now() - 100_000), new Date(Date.now() - 100_000));
      fs.utimesSync(root, new Date(Date.now() - 100_000), new Date(Date.now() - 100_000));
      expect(staleReason(root)).toBeNull();
      touch(path.join(root, 'app/routes/new-page.tsx'), 0);
      expect(staleReason(root)).toBe('исходники новее сборки');
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('start-up notes', () => {
  it('names an address a browser can open', () => {
    expect(localAddress('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000');
    expect(localAddress('127.0.0.1', 3100)).toBe('http://127.0.0.1:3100');
    expect(localAddress('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('speaks only to a terminal, never into a log collector', () => {
    const written: string[] = [];
    const stream = (isTTY: boolean) =>
      ({ isTTY, write: (text: string) => written.push(text) }) as unknown as NodeJS.WriteStream;
    say('Готово', stream(false));
    expect(written).toEqual([]);
    say('Готово', stream(true));
    expect(written).toEqual(['Готово\n']);
  });
});
