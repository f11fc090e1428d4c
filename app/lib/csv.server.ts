/**
 * CSV that Excel opens in Russian without an import wizard and that no spreadsheet turns into formulas
 * (docs/security.md, "CSV export"): UTF-8 with a BOM, `;` between cells, CRLF between rows, every cell quoted.
 */
export const CSV_BOM = '\uFEFF';

/**
 * Where a spreadsheet may start a cell — the start of the value, or after any character some reader takes for a
 * separator (`,` `;` tab, a line break) — followed by what starts a formula (`=` `+` `-` `@` or their full-width
 * forms), possibly behind spaces or quotes that a lenient reader drops.
 */
const FORMULA_START = /(?<=^|[,;\t\r\n])(?=[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * Puts an apostrophe wherever a cell could start a formula, so the text stays text whichever separator the reader
 * picks: `x,=1+2` becomes `x,'=1+2`, `+79991234567` becomes `'+79991234567` (a phone stays text with its `+`).
 */
export function defuseFormulas(text: string): string {
  // Most cells hold none of the characters a formula starts with: skip the look-behind scan for them.
  if (!MAY_START_FORMULA.test(text)) return text;
  // Without a separator a formula can only start at the beginning (a phone, a zone's `GMT+5`): no scan either.
  if (!SEPARATOR.test(text)) return LEADING_FORMULA.test(text) ? `'${text}` : text;
  return text.replace(FORMULA_START, "'");
}

const MAY_START_FORMULA = /[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
const SEPARATOR = /[,;\t\r\n]/;
const LEADING_FORMULA = /^[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * One quoted cell: strings defused and with `"` doubled, numbers as written, booleans `да`/`нет`, dates as ISO
 * 8601, nothing as `""`. Written by hand rather than with csv-stringify, whose per-cell overhead made a million-row
 * export slow; tests/unit/csv-writer.test.ts keeps the output byte-identical to csv-stringify with the options
 * this file used before (docs/decisions/0035-fast-bid-export.md).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'string') {
    const text = defuseFormulas(value);
    return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`;
  }
  if (typeof value === 'number') return `"${String(value)}"`;
  if (typeof value === 'boolean') return value ? '"да"' : '"нет"';
  return `"${value.toISOString()}"`;
}

/** One row of cells as CSV text, ending with CRLF. */
export function csvRow(cells: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i === 0 ? '' : ';') + csvCell(cells[i]);
  return `${line}\r\n`;
}

/** Rows of cells as CSV text (each row ends with CRLF). */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  let text = '';
  for (const row of rows) text += csvRow(row);
  return text;
}
