import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installChunkRecovery, installRouterBehaviours } from '#app/shell/install.client.ts';

declare global {
  interface Window {
    __reactRouterDataRouter?: Parameters<typeof installRouterBehaviours>[0];
    __reactRouterManifest?: { version: string };
  }
}

installChunkRecovery();

/** The router exists once HydratedRouter rendered; wire the behaviours that need it. */
function whenRouterReady(attempt = 0) {
  const router = window.__reactRouterDataRouter;
  if (router) {
    installRouterBehaviours(router, window.__reactRouterManifest?.version ?? '');
  } else if (attempt < 100) {
    setTimeout(() => whenRouterReady(attempt + 1), 50);
  }
}

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      {
        onRecoverableError(error) {
          console.warn('Recoverable error while hydrating', error);
        },
      },
    );
  } catch (error) {
    // SPEC §8: a failure while mounting the app is logged and rethrown.
    console.error('Failure while mounting the app', error);
    throw error;
  }
  whenRouterReady();
});
