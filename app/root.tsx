import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
} from 'react-router';
import { Heading } from '#app/components/Heading.tsx';
import { LoadingIndicator } from '#app/components/LoadingIndicator.tsx';
import { publicEnv } from '#app/infra/env.server.ts';
import { getRequestInfo, getServices } from '#app/infra/services.server.ts';
import { LOGO_URL } from '#app/lib/logo.ts';
import { activeGymMiddleware } from '#app/middleware/active-gym.server.ts';
import { sameOriginWritesMiddleware } from '#app/middleware/same-origin.server.ts';
import { getActiveGym } from '#app/services/active-gym.server.ts';
import { type RootData, useRootData } from '#app/shell/root-data.ts';
import { ShellProvider } from '#app/shell/ShellProvider.tsx';
import { useSiteStyles } from '#app/shell/site-styles.ts';
import type { Route } from './+types/root';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: LOGO_URL, type: 'image/svg+xml' }];

/**
 * Writes from other sites are refused for every route, resource routes included (docs/security.md); then every request
 * learns its active gym once (services/active-gym.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [sameOriginWritesMiddleware, activeGymMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  const active = await getActiveGym(context);
  return {
    gyms: active.gyms.map(({ id, name, address, phone, openingHours, lat, lng }) => ({
      id,
      name,
      address,
      phone,
      openingHours,
      lat,
      lng,
    })),
    activeGymId: active.id,
    env: publicEnv(services.env),
    buildId: services.buildId,
    nonce: getRequestInfo(context).nonce,
  } satisfies RootData;
}

/**
 * The gym list is fetched once, before the first render (docs/product/shell.md). Plain navigations keep it; form
 * submissions (the gym choice, staff edits) refresh it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useRootData()?.nonce;
  const siteStyles = useSiteStyles();
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        <Meta />
        {/* The site stylesheet inline (app/shell/site-styles.ts), with the request's nonce like the scripts. */}
        <style
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet from the build, not user text
          dangerouslySetInnerHTML={{ __html: siteStyles }}
        />
        <Links />
      </head>
      <body>
        {/* The shell lives in the Layout so the loading indicator also works on the error page. */}
        <ShellProvider>
          <a className="skip-link" href="#main">
            Перейти к содержимому
          </a>
          <LoadingIndicator />
          {children}
        </ShellProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ error }: Route.MetaArgs) {
  return error ? [{ title: 'Ошибка' }, { name: 'robots', content: 'noindex' }] : [];
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Неверный запрос',
  401: 'Нужно войти',
  403: 'Доступ запрещён',
  404: 'Страница не найдена',
  405: 'Метод не поддерживается',
  413: 'Слишком большой запрос',
  429: 'Слишком много запросов',
  500: 'Внутренняя ошибка сервера',
  503: 'Сервис временно недоступен',
};

/** The error page for any fatal or unhandled error (docs/product/errors.md). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let status = 500;
  let message = STATUS_MESSAGES[500]!;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message =
      typeof error.data === 'string' && error.data ? error.data : error.statusText || STATUS_MESSAGES[status] || '';
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return (
    <main id="main" className="error-page">
      <img className="error-page__background" src="/images/error-background.jpg" alt="" aria-hidden="true" />
      <div className="error-page__panel">
        <Heading level={1}>Ошибка</Heading>
        <p className="error-page__status">{status}</p>
        <p className="error-page__message">{message}</p>
        <p className="error-page__hint">{STATUS_MESSAGES[status] ?? 'Что-то пошло не так'}</p>
        <a className="button" href="/">
          Перейдите на главную страницу
        </a>
      </div>
    </main>
  );
}
