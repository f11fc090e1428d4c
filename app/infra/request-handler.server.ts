/**
 * How Express requests reach React Router: @react-router/express's handler, with one change — the body React Router
 * reads is the request counted against its body limit (infra/body-limit.server.ts, docs/decisions/0020). The URL is
 * built from Express's `req.protocol` and `req.hostname`, which follow forwarded headers only as far as the
 * `trust proxy` setting (TRUST_PROXY) allows.
 */
import type { IncomingHttpHeaders } from 'node:http';
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

/** The Fetch request for React Router; null when the body was refused (the 413 is already on its way). */
function createRequest(req: express.Request, res: express.Response, options: RequestHandlerOptions): Request | null {
  // Express 5's `req.host` keeps the port; it is X-Forwarded-Host only when the proxy is trusted.
  const port = /:(\d{1,5})$/.exec(req.host ?? '')?.[1];
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost';
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ''}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method,
    headers: createHeaders(req.headers),
    signal: controller.signal,
  };
  res.on('finish', () => {
    controller = null;
  });
  res.on('close', () => controller?.abort());
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
