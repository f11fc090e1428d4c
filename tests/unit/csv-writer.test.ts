import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvRows, defuseFormulas } from '#app/lib/csv.server.ts';
import { HOSTILE_CSV_CELLS } from '#tests/fixtures/csv-hostile.ts';

/** The csv-stringify options the export used before its own writer: the output must not change by a byte. */
const LEGACY = {
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

type Cell = string | number | boolean | Date | null | undefined;

function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const ALPHABET = [
  'a',
  'Я',
  ' ',
  '"',
  "'",
  ';',
  ',',
  '\t',
  '\r',
  '\n',
  '=',
  '+',
  '-',
  '@',
  '\uFF1D',
  '\uFF0B',
  '1',
  'ё',
  '😀',
];

describe('csvRows', () => {
  it('writes the hostile cells exactly as csv-stringify did', () => {
    const rows = HOSTILE_CSV_CELLS.map((cell, i) => [i + 1, cell, '+79991234567', null, undefined, '']);
    expect(csvRows(rows)).toBe(stringify(rows, LEGACY));
  });

  it('writes random rows of every cell type exactly as csv-stringify did', () => {
    const next = random(42);
    const cell = (): Cell => {
      const pick = next();
      if (pick < 0.05) return null;
      if (pick < 0.08) return undefined;
      if (pick < 0.2) return Math.floor(next() * 2_000_000) - 1_000_000;
      if (pick < 0.23) return next() * 1000;
      if (pick < 0.27) return next() < 0.5;
      if (pick < 0.32) return new Date(Math.floor(next() * 2e12));
      let text = '';
      const length = Math.floor(next() * 12);
      for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
      return text;
    };
    const rows = Array.from({ length: 3000 }, () => Array.from({ length: 1 + Math.floor(next() * 13) }, cell));
    expect(csvRows(rows)).toBe(stringify(rows, LEGACY));
  });

  it('defuses exactly as one look-behind scan over the whole cell does, with and without separators', () => {
    const scan = (text: string) => text.replace(/(?<=^|[,;\t\r\n])(?=[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g, "'");
    for (const text of [...HOSTILE_CSV_CELLS, '+7 922 123-45-67', 'Asia/Yekaterinburg (GMT+5)', ' "=1', 'a-b']) {
      expect(defuseFormulas(text)).toBe(scan(text));
    }
    const next = random(7);
    for (let i = 0; i < 20_000; i++) {
      let text = '';
      const length = Math.floor(next() * 10);
      for (let j = 0; j < length; j++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
      expect(defuseFormulas(text)).toBe(scan(text));
    }
  });

  it('writes nothing for no rows', () => {
    expect(csvRows([])).toBe(stringify([], LEGACY));
  });
});
