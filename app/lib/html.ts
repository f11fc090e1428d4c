const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text for HTML that is built as a string outside React — the only such place is the map's balloon, which the
 * Yandex Maps API renders as HTML (docs/security.md, "HTML outside React"). Escapes the five characters that can
 * end a text node or an attribute value; five lines, so the browser bundle takes no dependency for it.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
