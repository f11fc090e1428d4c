/**
 * The drain sequence of a deploy (docs/decisions/0021, README "Operations"): on SIGTERM `/readyz` answers 503 for
 * one probe interval while everything else is served as usual, so the load balancer takes the instance out; then
 * the server stops accepting, answers on old connections carry `Connection: close`, idle keep-alive connections
 * are closed until none is left, in-flight requests finish, and the background work and the database are closed.
 * A drain that takes longer than the timeout closes the database anyway and exits 1.
 */
import type http from 'node:http';
import type { Logger } from 'pino';

export interface DrainOptions {
  server: http.Server;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How long `/readyz` answers 503 before the server stops accepting (one probe interval). */
  readinessDelayMs: number;
  /** The whole drain's bound. */
  timeoutMs: number;
  /** Background work to stop after the last request, in order (outbox, LISTEN, housekeeping). */
  stopWork: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  exit?: (code: number) => void;
}

export function createDrain(options: DrainOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let draining = false;
  let closing = false;

  /** Answers not sent yet: they get `Connection: close` when the connections start closing. */
  const pending = new Set<http.ServerResponse>();

  /** Express middleware: once connections are being closed, every answer tells the client so. */
  function connectionCloseMiddleware(_req: unknown, res: http.ServerResponse, next: () => void) {
    if (closing) {
      res.setHeader('Connection', 'close');
    } else {
      pending.add(res);
      const done = () => pending.delete(res);
      res.once('finish', done);
      res.once('close', done);
    }
    next();
  }

  async function closeDatabase() {
    await options.closeDatabase().catch((err) => options.logger.error({ err }, 'closing the database failed'));
  }

  async function start(signal: string) {
    if (draining) return;
    draining = true;
    const started = Date.now();
    options.logger.info({ signal, readinessDelayMs: options.readinessDelayMs }, 'draining: /readyz answers 503');

    const force = setTimeout(async () => {
      options.logger.error(
        { timeoutMs: options.timeoutMs, connections: await connectionCount(options.server) },
        'drain timed out: closing the database and exiting',
      );
      options.server.closeAllConnections();
      await closeDatabase();
      exit(1);
    }, options.timeoutMs);
    force.unref();

    await new Promise((resolve) => setTimeout(resolve, options.readinessDelayMs));
    closing = true;
    for (const res of pending) if (!res.headersSent) res.setHeader('Connection', 'close');
    pending.clear();
    const closed = new Promise<void>((resolve) => options.server.close(() => resolve()));
    // Idle keep-alive connections go at once; a busy one is closed after its answer (`Connection: close`), and any
    // that turns idle in between is caught by the next round.
    options.server.closeIdleConnections();
    const sweep = setInterval(() => options.server.closeIdleConnections(), 50);
    await closed;
    clearInterval(sweep);
    options.logger.info({ ms: Date.now() - started }, 'no connections left: stopping background work');
    await options.stopWork().catch((err) => options.logger.error({ err }, 'stopping background work failed'));
    await closeDatabase();
    clearTimeout(force);
    options.logger.info({ ms: Date.now() - started }, 'stopped');
    exit(0);
  }

  return {
    start,
    connectionCloseMiddleware,
    get draining() {
      return draining;
    },
  };
}

function connectionCount(server: http.Server): Promise<number | null> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? null : count)));
}
