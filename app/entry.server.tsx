import { STATUS_CODES } from 'node:http';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import siteStyles from '#app/app.css?inline';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '#app/infra/database-outage.server.ts';
import { createHydrationDeferrer } from '#app/infra/hydration-after-load.server.ts';
import { findRequestInfo } from '#app/infra/services.server.ts';
import { SiteStylesContext } from '#app/shell/site-styles.ts';

export const streamTimeout = 5_000;

/** The staff area and its sign-in: hydrated at once, like a working tool should be (not deferred, ADR 39). */
function isStaffPage(routerContext: EntryContext): boolean {
  return routerContext.staticHandlerContext.matches.some(
    ({ route }) => route.id === 'layouts/admin' || route.id.startsWith('routes/auth/'),
  );
}

function logFor(context: Readonly<RouterContextProvider> | undefined) {
  return findRequestInfo(context)?.logger;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A 503 (the database is unreachable: app/infra/database-outage.server.ts) tells the client when to try again.
  if (responseStatusCode === 503) {
    responseHeaders.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    responseHeaders.set('Cache-Control', 'no-store');
  }
  const userAgent = request.headers.get('user-agent');
  const bot = Boolean(userAgent && isbot(userAgent));

  // A bot that hits an error page gets the right status code but no error page; the error is only logged
  // (docs/product/errors.md). Only error pages: a page answered with a 4xx by its action (a form with mistakes)
  // is the same page for a bot as for a person.
  const errors = routerContext.staticHandlerContext.errors;
  if (bot && responseStatusCode >= 400 && errors) {
    const error = Object.values(errors)[0];
    const message = isRouteErrorResponse(error) ? String(error.data) : error instanceof Error ? error.message : '';
    logFor(loadContext)?.warn({ status: responseStatusCode, userAgent, err: message }, 'error answered to a bot');
    responseHeaders.set('Content-Type', 'text/plain; charset=utf-8');
    const body =
      request.method.toUpperCase() === 'HEAD'
        ? null
        : `${responseStatusCode} ${STATUS_CODES[responseStatusCode] ?? ''}`;
    return new Response(body, { status: responseStatusCode, headers: responseHeaders });
  }

  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = findRequestInfo(loadContext)?.nonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const readyOption: keyof RenderToPipeableStreamOptions =
      bot || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <SiteStylesContext value={siteStyles}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </SiteStylesContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (isStaffPage(routerContext)) pipe(body);
          else pipe(createHydrationDeferrer()).pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logFor(loadContext)?.error({ err: error }, 'streaming render failed');
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // An unreachable database is logged once per outage (app/infra/database-outage.server.ts), not per request.
  if (isDatabaseUnavailable(error)) return;
  // Expected responses (404 and friends) are not server errors.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const logger = logFor(context);
  if (logger) logger.error({ err: error, url: request.url }, 'unhandled error');
  else console.error(error);
};
