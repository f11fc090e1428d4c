/**
 * What a request log line keeps (docs/security.md, "Logs"): the method, the path with personal query values replaced
 * by `[redacted]`, the client address and the status. Cookies, `Authorization` and other headers are never logged.
 */
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/**
 * Query parameters that may carry personal data: the bid inbox search (`q`: names, phone numbers), and anything a
 * visitor or a link could put a phone, e-mail, name or secret into.
 */
export const REDACTED_QUERY_PARAMS = new Set([
  'q',
  'query',
  'search',
  'phone',
  'tel',
  'email',
  'name',
  'token',
  'code',
  'password',
  'secret',
]);

/** `path?query` with the values of personal parameters replaced; an unparsable URL keeps only its path. */
export function redactUrl(url: string | undefined): string {
  if (!url) return '';
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const path = url.slice(0, mark);
  const query = url.slice(mark + 1);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const rawName = eq === -1 ? part : part.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      return `${rawName}=[redacted]`;
    }
    return REDACTED_QUERY_PARAMS.has(name.trim().toLowerCase()) && eq !== -1 ? `${rawName}=[redacted]` : part;
  });
  return `${path}?${parts.join('&')}`;
}

/** pino-http serializers: only what the log needs, nothing personal. */
export const requestLogSerializers = {
  // pino-http hands over its standard view of the request (`url` is Express's original URL).
  req: (req: { method?: string; url?: string; remoteAddress?: string }) => ({
    method: req.method,
    url: redactUrl(req.url),
    remoteAddress: req.remoteAddress,
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  // pino-http makes up an error for every 5xx answer; its stack only points into pino-http, so it is left out.
  err: (err: { type?: string; message?: string; stack?: string }) =>
    err.message?.startsWith('failed with status code') ? { type: err.type, message: err.message } : err,
};

/**
 * The request logger of server/front.ts: one line per request on completion (health checks left out), an `X-Request-Id`
 * taken from the client when it looks like one, else a new UUID. A 503 (database outage, shutdown) is a warning:
 * the outage itself is logged once elsewhere.
 */
export function createRequestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // Every line a handler logs carries only `reqId`; the request itself is logged once, on completion.
    quietReqLogger: true,
    serializers: requestLogSerializers,
    customLogLevel: (_req, res, err) =>
      err || (res.statusCode >= 500 && res.statusCode !== 503) ? 'error' : res.statusCode === 503 ? 'warn' : 'info',
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
  });
}
