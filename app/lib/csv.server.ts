/**
 * CSV that Excel opens in Russian without an import wizard: UTF-8 with a BOM, `;` between cells,
 * CRLF between rows (issue 4, item 5).
 */
export const CSV_BOM = '\uFEFF';

/**
 * A text cell that starts with = + - @ (or a tab/CR) would be run as a formula by spreadsheets:
 * prefix it with an apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: unknown, { text = true } = {}): string {
  let cell = value === null || value === undefined ? '' : String(value);
  if (text && /^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function csvRow(cells: string[]): string {
  return `${cells.join(';')}\r\n`;
}
