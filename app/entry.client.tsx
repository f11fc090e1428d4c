import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installChunkRecovery, navigationTracking } from '#app/shell/install.client.ts';

installChunkRecovery();

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter instrumentations={[navigationTracking]} />
      </StrictMode>,
      {
        onRecoverableError(error) {
          console.warn('Recoverable error while hydrating', error);
        },
      },
    );
  } catch (error) {
    // A failure while mounting the app is logged and rethrown (docs/product/errors.md).
    console.error('Failure while mounting the app', error);
    throw error;
  }
});
