import { isRouteErrorResponse, type ServerBuild } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  answerDatabaseOutagesWith503,
  createOutageMonitor,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '#app/infra/database-outage.server.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows refused, reset and lost connections, class 08 and server shutdown states', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ENOTFOUND',
      'EPIPE',
      '08006',
      '08001',
      '57P01',
      '57P02',
      '57P03',
    ]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    // A Unix socket that is gone, but not any missing file.
    expect(isDatabaseUnavailable(Object.assign(withCode('ENOENT'), { syscall: 'connect' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(withCode('ENOENT'), { syscall: 'open' }))).toBe(false);
  });

  it('looks into causes and aggregate errors (a connect to several addresses)', () => {
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')], ''))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('57P01') }))).toBe(true);
  });

  it('is false for query errors and bugs', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('42P01', 'relation does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('the outage monitor', () => {
  it('logs the first failure and the recovery, once each', () => {
    const logger = { error: vi.fn(), info: vi.fn() };
    let now = 1000;
    const monitor = createOutageMonitor(logger, () => now);
    monitor.succeeded();
    monitor.failed(withCode('23505'));
    expect(monitor.down).toBe(false);
    for (let i = 0; i < 20; i++) monitor.failed(withCode('ECONNREFUSED', 'connect ECONNREFUSED'));
    expect(monitor.down).toBe(true);
    now = 4000;
    // A query sent before the outage began finished late: not a recovery.
    monitor.succeeded(999);
    expect(monitor.down).toBe(true);
    monitor.succeeded(3999);
    monitor.succeeded();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]![0]).toEqual({ db: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' } });
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info.mock.calls[0]![0]).toEqual({ downMs: 3000 });
  });
});

describe('answerDatabaseOutagesWith503', () => {
  const lost = () => Promise.reject(withCode('ECONNREFUSED'));
  const build = {
    routes: {
      root: { id: 'root', path: '', module: { default: () => null, loader: lost } },
      page: { id: 'page', path: 'x', module: { default: () => null, action: lost, loader: () => 'fine' } },
      api: { id: 'api', path: 'api/gym', module: { loader: lost } },
      bug: { id: 'bug', path: 'bug', module: { loader: () => Promise.reject(new Error('bug')) } },
    },
  } as unknown as ServerBuild;
  const guarded = answerDatabaseOutagesWith503(build);
  const args = (url: string) => ({ request: new Request(url) }) as never;
  const route = (id: string) => guarded.routes[id]!.module as any;

  it('turns a page error into a 503 for the error page, with Retry-After', async () => {
    const thrown = await route('root')
      .loader(args('http://club.test/'))
      .catch((error: unknown) => error);
    expect(isRouteErrorResponse(thrown) || (thrown as { type?: string }).type === 'DataWithResponseInit').toBe(true);
    const init = (thrown as { init: ResponseInit; data: string }).init;
    expect(init.status).toBe(503);
    expect(new Headers(init.headers).get('Retry-After')).toBe('30');
    expect((thrown as { data: string }).data).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    await expect(route('page').loader(args('http://club.test/x'))).resolves.toBe('fine');
  });

  it('answers JSON under /api/ and leaves other errors alone', async () => {
    const thrown = (await route('api')
      .loader(args('http://club.test/api/gym'))
      .catch((e: unknown) => e)) as Response;
    expect(thrown.status).toBe(503);
    expect(thrown.headers.get('Retry-After')).toBe('30');
    expect(await thrown.json()).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
    await expect(route('bug').loader(args('http://club.test/bug'))).rejects.toThrow('bug');
  });
});
