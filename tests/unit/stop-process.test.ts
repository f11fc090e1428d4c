/** `stop()` of scripts/lib/bench-server.ts: a server process is gone when it resolves, even one that ignores SIGTERM. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { stop } from '#scripts/lib/bench-server.ts';

function child(script: string) {
  const process_ = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  // Resolves once the child runs its script (its handlers are in place).
  const ready = new Promise<void>((resolve) => process_.stdout.once('data', () => resolve()));
  return { process: process_, ready };
}

describe('stop()', () => {
  it('resolves when a process that stops on SIGTERM has exited', async () => {
    const { process: server, ready } = child("console.log('up'); setInterval(() => {}, 1000);");
    await ready;
    await stop(server);
    expect(server.signalCode).toBe('SIGTERM');
  });

  it('kills a process still there after the grace period and resolves once it is gone', async () => {
    const { process: server, ready } = child(
      "process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000);",
    );
    await ready;
    await stop(server, 300);
    expect(server.signalCode).toBe('SIGKILL');
  });

  it('resolves at once for a process that has already exited', async () => {
    const { process: server } = child('');
    await new Promise((resolve) => server.once('exit', resolve));
    await stop(server);
    expect(server.exitCode).toBe(0);
  });
});
