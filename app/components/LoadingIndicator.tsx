import { useShellState } from '#app/shell/ShellProvider.tsx';
import { LOADING_TEXT } from '#app/shell/store.ts';

/** The global loading indicator: `Загрузка` or a custom message, read out by screen readers (docs/product/shell.md). */
export function LoadingIndicator() {
  const { isLoading, message } = useShellState();
  return (
    <div className="loading" data-active={isLoading} role="status" aria-live="polite">
      {isLoading ? (
        <>
          <span className="loading__bar" aria-hidden="true" />
          <span className="loading__text">{message ?? LOADING_TEXT}</span>
        </>
      ) : null}
    </div>
  );
}
