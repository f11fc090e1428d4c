/**
 * The error page for answers the server gives before React Router is reached (a body over the limit): the same
 * markup and inline stylesheet as the root error page (app/root.tsx), without scripts.
 */
const HINTS: Record<number, string> = {
  413: 'Слишком большой запрос',
  503: 'Сервис временно недоступен',
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export function renderErrorPage({
  status,
  message,
  styles = '',
}: {
  status: number;
  message: string;
  /** The text of the site stylesheet (app/app.css), written inline as on every page (app/shell/site-styles.ts). */
  styles?: string;
}): string {
  const links = styles ? `<style>${styles}</style>` : '';
  return `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Ошибка</title>${links}</head><body><main id="main" class="error-page"><img class="error-page__background" src="/images/error-background.jpg" alt="" aria-hidden="true"><div class="error-page__panel"><h1 class="heading heading--1">Ошибка</h1><p class="error-page__status">${status}</p><p class="error-page__message">${escapeHtml(message)}</p><p class="error-page__hint">${escapeHtml(HINTS[status] ?? 'Что-то пошло не так')}</p><a class="button" href="/">Перейдите на главную страницу</a></div></main></body></html>`;
}
