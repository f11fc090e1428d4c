// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL_CHARACTERS_AND_LINES = /[\u0000-\u001f\u007f]/g;

/**
 * Text as a person can have typed it: control characters removed (PostgreSQL refuses NUL outright, which would be a
 * 500), line breaks and tabs kept.
 */
export function plainText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '');
}

/** A search term from a query string: one line, no control characters, trimmed and cut to `max` characters. */
export function searchTerm(value: string | null, max: number): string {
  return (value ?? '').replace(CONTROL_CHARACTERS_AND_LINES, '').trim().slice(0, max);
}
