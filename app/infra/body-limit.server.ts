/**
 * Request bodies counted as they arrive (docs/security.md, "Request bodies"; docs/decisions/0020): the body React
 * Router reads is the request piped through a counter that stops at the limit. Over it, the client gets a 413 at
 * once — the error page or short text — and the connection is closed; the action sees a broken body, so nothing is
 * stored.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { renderErrorPage } from '#app/infra/error-page.server.ts';
import { type BodyLimit, formatBytes } from '#app/lib/body-limits.ts';

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  readonly reason: 'bytes' | 'fields';
  readonly limit: BodyLimit;
  constructor(reason: 'bytes' | 'fields', limit: BodyLimit) {
    super(
      reason === 'bytes'
        ? `Слишком большой запрос: не больше ${formatBytes(limit.maxBytes)}`
        : `Слишком много полей в форме: не больше ${limit.maxFields}`,
    );
    this.reason = reason;
    this.limit = limit;
  }
}

const AMPERSAND = 0x26;

/** Counts form fields in a body's chunks: `&`-separated pairs, or multipart parts by their boundary. */
export function fieldCounter(contentType: string | undefined): (chunk: Buffer) => number {
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    let separators = 0;
    let any = false;
    return (chunk) => {
      if (chunk.length) any = true;
      for (let i = chunk.indexOf(AMPERSAND); i !== -1; i = chunk.indexOf(AMPERSAND, i + 1)) separators += 1;
      return any ? separators + 1 : 0;
    };
  }
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  if (type.startsWith('multipart/') && boundary) {
    const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
    let tail = Buffer.alloc(0);
    let delimiters = 0;
    return (chunk) => {
      // The tail of the previous chunk is searched again, so a delimiter split across two chunks is still found.
      const window = tail.length ? Buffer.concat([tail, chunk]) : chunk;
      let from = 0;
      for (let i = window.indexOf(delimiter); i !== -1; i = window.indexOf(delimiter, from)) {
        delimiters += 1;
        from = i + delimiter.length;
      }
      const keep = Math.min(delimiter.length - 1, window.length - from);
      tail = Buffer.from(window.subarray(window.length - Math.max(0, keep)));
      // n parts have n + 1 delimiters (the last one closes the body).
      return Math.max(0, delimiters - 1);
    };
  }
  return () => 0;
}

/** Passes the body through while it fits; fails with BodyTooLargeError at the first byte or field over the limit. */
export class BodyLimiter extends Transform {
  #bytes = 0;
  readonly #count: (chunk: Buffer) => number;
  readonly limit: BodyLimit;

  constructor(limit: BodyLimit, contentType: string | undefined) {
    super();
    this.limit = limit;
    this.#count = fieldCounter(contentType);
  }

  get bytes() {
    return this.#bytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#bytes += chunk.length;
    if (this.#bytes > this.limit.maxBytes) return callback(new BodyTooLargeError('bytes', this.limit));
    if (this.#count(chunk) > this.limit.maxFields) return callback(new BodyTooLargeError('fields', this.limit));
    callback(null, chunk);
  }
}

/** The declared `Content-Length`, when there is a valid one. */
export function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers['content-length'];
  return header && /^\d+$/.test(header) ? Number(header) : null;
}

/** How much of a refused body is still read and dropped after the answer, so the client can read the answer. */
const LINGER_MAX_BYTES = 1024 * 1024;

/**
 * Answers 413 and closes the connection. The rest of the body is read and thrown away for a moment, up to
 * LINGER_MAX_BYTES (closing a socket with unread data makes the kernel reset it, and the client could lose the
 * answer), then the socket goes.
 */
export function refuseTooLarge(req: IncomingMessage, res: ServerResponse, error: BodyTooLargeError, styles = '') {
  if (!res.headersSent && !res.writableEnded) {
    const wantsHtml = /text\/html/i.test(req.headers.accept ?? '');
    const body = wantsHtml
      ? renderErrorPage({ status: 413, message: error.message, styles })
      : `413 ${error.message}\n`;
    res.statusCode = 413;
    res.setHeader('Content-Type', wantsHtml ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Connection', 'close');
    res.end(body);
  }
  // What still arrives is read and thrown away, up to 1 MB: past that the client is held back by TCP instead of
  // being read at full speed (it has the answer by then and stops), until it stops or the second is up.
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_MAX_BYTES) req.pause();
  });
  req.resume();
  const socket = req.socket;
  // Node closes a `Connection: close` socket outright once the answer is written; a client still sending its body
  // would then get a reset that can discard the answer before it is read. Only our side is closed here.
  socket.destroySoon = () => {
    socket.end();
  };
  const timer = setTimeout(() => socket.destroy(), 1000);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  req.once('end', () => socket.end());
}

/**
 * The body React Router may read for this request: the request itself through a BodyLimiter. A declared length over
 * the limit is refused before anything is read (returns null: the answer is sent).
 */
export function limitedRequestBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: BodyLimit,
  options: { styles?: string; onRefused?: (error: BodyTooLargeError) => void } = {},
): BodyLimiter | null {
  const declared = declaredLength(req);
  if (declared !== null && declared > limit.maxBytes) {
    const error = new BodyTooLargeError('bytes', limit);
    options.onRefused?.(error);
    refuseTooLarge(req, res, error, options.styles);
    return null;
  }
  const limiter = new BodyLimiter(limit, req.headers['content-type']);
  limiter.once('error', (error) => {
    req.unpipe(limiter);
    if (error instanceof BodyTooLargeError) {
      options.onRefused?.(error);
      refuseTooLarge(req, res, error, options.styles);
    } else {
      req.destroy();
    }
  });
  req.once('error', (error) => limiter.destroy(error));
  // A body the application did not read (a refused write, a redirect) is still counted while it is thrown away,
  // so the connection can serve its next request and a large body still ends at the limit.
  res.once('finish', () => {
    if (!limiter.readableEnded) limiter.resume();
  });
  req.pipe(limiter);
  return limiter;
}
