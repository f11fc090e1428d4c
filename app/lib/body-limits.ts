/**
 * How much a request body may carry (docs/security.md, "Request bodies"). The server counts the bytes as they
 * arrive and stops reading at the limit; a larger declared `Content-Length` is refused before anything is read.
 */
export interface BodyLimit {
  maxBytes: number;
  /** Form fields (URL-encoded pairs or multipart parts). */
  maxFields: number;
}

/** Public forms and the sign-in pages: a bid, a login, the gym choice. */
export const PUBLIC_BODY_LIMIT: BodyLimit = { maxBytes: 64 * 1024, maxFields: 100 };

/** The per-file limit of staff uploads (the same as the image intake's). */
export const STAFF_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Files one staff form may carry at most (a gallery form takes several at once). */
export const STAFF_FILES_PER_FORM = 12;

/**
 * Staff pages: the files a form may carry at their limit, plus room for the form's text fields and the multipart
 * headers — the same room a public form gets.
 */
export const STAFF_BODY_LIMIT: BodyLimit = {
  maxBytes: STAFF_FILE_MAX_BYTES * STAFF_FILES_PER_FORM + PUBLIC_BODY_LIMIT.maxBytes,
  maxFields: 1000,
};

/** `64 КБ`, `120 МБ`: a limit as the Russian messages show it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} байт`;
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} МБ` : `${Math.floor(bytes / 1024)} КБ`;
}
