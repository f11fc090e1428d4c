/**
 * A database that went away (docs/security.md, "Database outage"): one test that tells such an error from a bug,
 * and a monitor that logs the outage once — when it starts and when it ends — instead of a stack per request.
 */
import type { Logger } from 'pino';
import { data, type ServerBuild } from 'react-router';

/** Seconds a 503 asks the client to wait (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** Administrator shutdown, crash shutdown, cannot connect now (the server is starting or stopping). */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
const MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'PGlite is closed',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when `error` means the database cannot be reached now — a refused, reset or lost connection, SQLSTATE class 08
 * (connection exception), 57P01–57P03 (the server shuts down or starts), a closed PGlite — not that a query is wrong.
 * Looks into `cause` and into the errors of an AggregateError (a connect to several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors, syscall } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
    syscall?: unknown;
  };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SHUTDOWN_STATES.has(code)) return true;
    // A Unix socket that is gone: the server is not running.
    if ((code === 'ENOENT' || code === 'EACCES') && syscall === 'connect') return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && MESSAGES.some((text) => message.includes(text))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The short form of an outage error for the log: no stack, the same line every time. */
export function describeDatabaseError(error: unknown): { code?: string; message: string } {
  const inner = Array.isArray((error as { errors?: unknown })?.errors)
    ? ((error as { errors: unknown[] }).errors[0] ?? error)
    : error;
  const { code, message } = (inner ?? {}) as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    message: typeof message === 'string' && message ? message : String(inner),
  };
}

export interface OutageMonitor {
  /** An operation failed; logged only when it starts an outage (and only for errors of an unreachable database). */
  failed(error: unknown): void;
  /**
   * An operation succeeded; ends an outage (logged once). A query that started before the outage did (`startedAt`,
   * ms) proves nothing: it ran on a connection that was still alive, so it does not end one.
   */
  succeeded(startedAt?: number): void;
  readonly down: boolean;
}

/** Logs `database unavailable` once when an outage begins and `database available again` once when it ends. */
export function createOutageMonitor(logger: Pick<Logger, 'error' | 'info'>, now = () => Date.now()): OutageMonitor {
  let since: number | null = null;
  return {
    failed(error) {
      if (since !== null || !isDatabaseUnavailable(error)) return;
      since = now();
      logger.error({ db: describeDatabaseError(error) }, 'database unavailable: pages answer 503 until it is back');
    },
    succeeded(startedAt) {
      if (since === null || (startedAt !== undefined && startedAt < since)) return;
      const downMs = now() - since;
      since = null;
      logger.info({ downMs }, 'database available again');
    },
    get down() {
      return since !== null;
    },
  };
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'Сервис временно недоступен. Попробуйте обновить страницу через минуту.';

/** The answer to a request that needed the database while it was unreachable: a 503 with `Retry-After`. */
export function databaseUnavailableResponse(request: Request, page: boolean): Response {
  const headers = {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    'Cache-Control': 'no-store',
  };
  if (page) {
    // Thrown from a page's loader, action or middleware: the root error page shows status and message.
    return data(DATABASE_UNAVAILABLE_MESSAGE, { status: 503, headers }) as unknown as Response;
  }
  if (new URL(request.url).pathname.startsWith('/api/')) {
    return Response.json({ error: DATABASE_UNAVAILABLE_MESSAGE }, { status: 503, headers });
  }
  return new Response(DATABASE_UNAVAILABLE_MESSAGE, {
    status: 503,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

type AnyFunction = (args: { request: Request }, ...rest: never[]) => unknown;

function guarded<F extends AnyFunction>(fn: F, page: boolean): F {
  return (async (args: { request: Request }, ...rest: never[]) => {
    try {
      return await fn(args, ...rest);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw databaseUnavailableResponse(args.request, page);
      throw error;
    }
  }) as F;
}

/**
 * The server build with every route's middleware, loader and action guarded: an error of an unreachable database
 * becomes a 503 with `Retry-After` — the root error page for pages, JSON under `/api/`, text for other resources —
 * instead of a 500 with a stack in the log for each request. Other errors pass unchanged.
 */
export function answerDatabaseOutagesWith503(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = route.module;
    const page = Boolean(module.default) || id === 'root';
    routes[id] = {
      ...route,
      module: {
        ...module,
        ...(module.loader ? { loader: guarded(module.loader as unknown as AnyFunction, page) } : {}),
        ...(module.action ? { action: guarded(module.action as unknown as AnyFunction, page) } : {}),
        ...(module.middleware
          ? { middleware: module.middleware.map((fn) => guarded(fn as unknown as AnyFunction, page)) }
          : {}),
      } as typeof module,
    };
  }
  return { ...build, routes };
}
