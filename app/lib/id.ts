/** The largest id a PostgreSQL `integer` column holds: anything above cannot name a row. */
export const MAX_ID = 2_147_483_647;

/**
 * A database id from a route parameter, a query value or a form field: digits only, 1 … 2147483647; else null.
 * Callers answer null with a 404 (a path) or a 400 (a form), never by passing the value to SQL.
 */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}
