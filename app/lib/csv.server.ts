import { stringify } from 'csv-stringify/sync';

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
  return text.replace(FORMULA_START, "'");
}

const OPTIONS = {
  delimiter: ';',
  record_delimiter: 'windows',
  quoted: true,
  quoted_empty: true,
  cast: {
    string: defuseFormulas,
    number: (value: number) => String(value),
    boolean: (value: boolean) => (value ? 'да' : 'нет'),
    date: (value: Date) => value.toISOString(),
  },
} as const;

type CsvValue = string | number | boolean | Date | null | undefined;

/** Rows of cells as CSV text (each row ends with CRLF). */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  return stringify(rows as CsvValue[][], OPTIONS);
}
