import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvRows, defuseFormulas } from '#app/lib/csv.server.ts';
import { HOSTILE_CSV_CELLS, LIVE_FORMULA } from '#tests/fixtures/csv-hostile.ts';

const FILE =
  CSV_BOM +
  csvRows([['Номер', 'Имя', 'Телефон'], ...HOSTILE_CSV_CELLS.map((cell, i) => [i + 1, cell, '+79991234567'])]);
const BODY = FILE.slice(1);

/** Every cell a reader with this separator produces, proper CSV rules first, then the laxest reading there is. */
function cellsAsReadWith(delimiter: string): string[] {
  const proper = parse(BODY, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][];
  const naive = BODY.split(/\r\n|\r|\n/).flatMap((line) => line.split(delimiter));
  return [...proper.flat(), ...naive];
}

describe('CSV export cells', () => {
  it('starts with the UTF-8 BOM and quotes every cell, separated by semicolons with CRLF rows', () => {
    expect(FILE.startsWith('\uFEFF"Номер";"Имя";"Телефон"\r\n')).toBe(true);
    expect(csvRows([[1, null, undefined, '']])).toBe('"1";"";"";""\r\n');
    expect(csvRows([['say "hi"']])).toBe('"say ""hi"""\r\n');
  });

  it('reads back cell for cell with semicolons, formulas defused by an apostrophe', () => {
    const rows = parse(BODY, { delimiter: ';' }) as string[][];
    expect(rows).toHaveLength(HOSTILE_CSV_CELLS.length + 1);
    rows.slice(1).forEach((row, i) => {
      expect(row[0]).toBe(String(i + 1));
      expect(row[1]).toBe(defuseFormulas(HOSTILE_CSV_CELLS[i]!));
      expect(row[1]!.replace(/'/g, '')).toBe(HOSTILE_CSV_CELLS[i]!.replace(/'/g, ''));
    });
  });

  it.each([
    ['semicolons', ';'],
    ['commas', ','],
    ['tabs', '\t'],
  ])('leaves no live formula when a reader splits the file by %s', (_, delimiter) => {
    const live = cellsAsReadWith(delimiter).filter((cell) => LIVE_FORMULA.test(cell));
    expect(live).toEqual([]);
  });

  it('keeps a cell holding a comma whole under a comma reader', () => {
    const rows = parse(csvRows([['Анна, Мария']]), { delimiter: ',' }) as string[][];
    expect(rows).toEqual([['Анна, Мария']]);
  });

  it('writes a phone as text with its plus: an apostrophe first, never a formula', () => {
    const [row] = parse(csvRows([['+79991234567', '+49 30 1234567']]), { delimiter: ';' }) as string[][];
    expect(row).toEqual(["'+79991234567", "'+49 30 1234567"]);
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['Анна', 'Пробное занятие', '22.11.2026, 10:00', 'utm_source=vk&utm_medium=cpc', '/coaches/3']) {
      expect(defuseFormulas(text)).toBe(text);
    }
  });
});
