/**
 * How Express requests reach React Router: @react-router/express's handler, with two changes — the body React Router
 * reads is the request counted against its body limit (infra/body-limit.server.ts, docs/decisions/0020), and the
 * URL's origin is `requestOrigin`: the scheme as far as the `trust proxy` setting (TRUST_PROXY) allows, the `Host`
 * header, `PUBLIC_URL` for a proxy that forwards its host.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { finished } from 'node:stream';
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node';
import type express from 'express';
import {
  createRequestHandler as createReactRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import { type BodyTooLargeError, limitedRequestBody } from '#app/infra/body-limit.server.ts';
import type { BodyLimit } from '#app/lib/body-limits.ts';

export interface RequestHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (
    req: express.Request,
    res: express.Response,
  ) => RouterContextProvider | Promise<RouterContextProvider>;
  /** The body limit of a request (by its path). */
  bodyLimit: (req: express.Request) => BodyLimit;
  /** The site stylesheet's text, for the 413 page. */
  styles?: string;
  onBodyRefused?: (req: express.Request, error: BodyTooLargeError) => void;
  /** PUBLIC_URL (see `requestOrigin`). */
  publicUrl?: string;
}

export function createRequestHandler(options: RequestHandlerOptions): express.RequestHandler {
  const handleRequest = createReactRouterHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = createRequest(req, res, options);
      if (!request) return;
      const response = await handleRequest(request, await options.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function createHeaders(requestHeaders: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

/** A `Host` header as a URL's host: a name or an address, an optional port, nothing else. */
const HOST = /^(?:[a-z0-9_-]{1,63}(?:\.[a-z0-9_-]{1,63}){0,10}|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The origin of a request, the one source of the page's own address for React Router (canonical URLs, Open Graph,
 * the same-origin check) and for the render cache's key (docs/security.md, "Public origin"):
 *
 * - the scheme Express allows (`X-Forwarded-Proto` only from a trusted proxy, `TRUST_PROXY`);
 * - the `Host` header the request arrived with, when it is a well-formed host;
 * - `X-Forwarded-Host` only from a trusted proxy and only when it names `PUBLIC_URL`'s host, which then gives the
 *   whole origin. Any other forwarded host is ignored: a client behind a proxy that passes the header on cannot
 *   make the site put `https://evil.example` in a page that a cache keeps for everyone.
 */
export function requestOrigin(req: express.Request, publicUrl?: string): string {
  if (publicUrl) {
    const configured = new URL(publicUrl);
    // Express 5's `req.host` is X-Forwarded-Host only when the proxy is trusted; else the Host header.
    if (req.host?.toLowerCase() === configured.host.toLowerCase()) return configured.origin;
  }
  const host = req.headers.host ?? '';
  const port = Number(/:(\d+)$/.exec(host)?.[1] ?? 0);
  return `${req.protocol}://${HOST.test(host) && port <= 65535 ? host.toLowerCase() : 'localhost'}`;
}

/** The Fetch request for React Router; null when the body was refused (the 413 is already on its way). */
function createRequest(req: express.Request, res: express.Response, options: RequestHandlerOptions): Request | null {
  const url = new URL(`${requestOrigin(req, options.publicUrl)}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method,
    headers: createHeaders(req.headers),
    signal: controller.signal,
  };
  // The render is called off when the client goes away before the answer is over. `finished`, not 'finish' and
  // 'close' listeners: the connection may have closed while the render cache looked the visitor up, before this runs.
  finished(res, (error) => {
    if (error) controller?.abort();
    controller = null;
  });
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const body = limitedRequestBody(req, res, options.bodyLimit(req), {
      styles: options.styles,
      onRefused: (error) => {
        controller?.abort();
        options.onBodyRefused?.(req, error);
      },
    });
    if (!body) return null;
    init.body = createReadableStreamFromReadable(body);
    init.duplex = 'half';
  }
  return new Request(url.href, init);
}

async function sendResponse(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
