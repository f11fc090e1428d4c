import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createDrain } from '#app/infra/shutdown.server.ts';

async function startServer(handler: http.RequestListener) {
  const holder: { drain?: ReturnType<typeof createDrain> } = {};
  const server = http.createServer((req, res) => {
    holder.drain?.connectionCloseMiddleware(req, res, () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, holder };
}

function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      })
      .on('error', reject);
  });
}

describe('the drain sequence', () => {
  it('keeps serving during the readiness delay, then finishes in-flight requests, closes keep-alive and exits 0', async () => {
    const steps: string[] = [];
    const { server, port, holder } = await startServer((req, res) => {
      if (req.url === '/slow') setTimeout(() => res.end('slow done'), 400);
      else res.end('ok');
    });
    const exit = vi.fn((code: number) => steps.push(`exit ${code}`));
    const drain = createDrain({
      server,
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      readinessDelayMs: 200,
      timeoutMs: 5000,
      stopWork: async () => {
        steps.push('stop work');
      },
      closeDatabase: async () => {
        steps.push('close database');
      },
      exit: exit as never,
    });
    holder.drain = drain;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    expect((await get(port, '/', agent)).status).toBe(200);

    const started = Date.now();
    const draining = drain.start('SIGTERM');
    expect(drain.draining).toBe(true);
    // Within the readiness delay the server still answers, on the kept-alive connection too.
    const during = await get(port, '/', agent);
    expect(during).toMatchObject({ status: 200, body: 'ok' });
    expect(during.connection).not.toBe('close');
    // A request in flight when connections start closing finishes, and is told to close its connection.
    const slow = get(port, '/slow', agent);
    await draining;
    expect(await slow).toMatchObject({ status: 200, body: 'slow done', connection: 'close' });
    expect(steps).toEqual(['stop work', 'close database', 'exit 0']);
    expect(Date.now() - started).toBeLessThan(2000);
    agent.destroy();
  });

  it('bounds the drain: a request that never ends closes the database and exits 1', async () => {
    const { server, port } = await startServer(() => {
      // never answers
    });
    const closeDatabase = vi.fn(async () => {});
    const exited = new Promise<number>((resolve) => {
      const drain = createDrain({
        server,
        logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
        readinessDelayMs: 10,
        timeoutMs: 300,
        stopWork: async () => {},
        closeDatabase,
        exit: resolve as never,
      });
      const request = http.get({ host: '127.0.0.1', port, path: '/' });
      request.on('error', () => {});
      setTimeout(() => void drain.start('SIGTERM'), 50);
    });
    expect(await exited).toBe(1);
    expect(closeDatabase).toHaveBeenCalledTimes(1);
  });
});
