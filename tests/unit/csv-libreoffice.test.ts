/**
 * The CSV export opened by a real spreadsheet: LibreOffice Calc imports it with each separator a person might pick,
 * with formula evaluation and number detection on. Runs where LibreOffice (`soffice`) is installed — Debian's
 * `libreoffice-calc-nogui` is enough — and says it skipped otherwise.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CSV_BOM, csvRows } from '#app/lib/csv.server.ts';
import { HOSTILE_CSV_CELLS } from '#tests/fixtures/csv-hostile.ts';

const soffice = process.env.SOFFICE_PATH ?? 'soffice';
const available = spawnSync(soffice, ['--version'], { stdio: 'ignore' }).status === 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-lo-'));

/** Imports the file with one separator (ASCII code) into a flat ODS document and returns its XML. */
function openInCalc(csv: string, separator: number): string {
  const input = path.join(dir, `export-${separator}.csv`);
  fs.writeFileSync(input, csv);
  // Filter tokens: separator, text delimiter ", UTF-8, from line 1, auto columns, en-US, quoted cells not forced to
  // text, detect special numbers, …, evaluate formulas: the most trusting way to open a file.
  const filter = `CSV:${separator},34,76,1,,1033,false,true,false,false,false,-1,true`;
  execFileSync(soffice, ['--headless', `--infilter=${filter}`, '--convert-to', 'fods', '--outdir', dir, input], {
    env: { ...process.env, HOME: dir },
    stdio: 'ignore',
    timeout: 60_000,
  });
  return fs.readFileSync(input.replace(/\.csv$/, '.fods'), 'utf8');
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!available)('the CSV export in LibreOffice Calc', () => {
  const csv =
    CSV_BOM +
    csvRows([['Номер', 'Имя', 'Телефон'], ...HOSTILE_CSV_CELLS.map((cell, i) => [i + 1, cell, '+79991234567'])]);

  it.each([
    ['semicolons', 59],
    ['commas', 44],
    ['tabs', 9],
  ])('runs no formula when split by %s', (_, separator) => {
    const xml = openInCalc(csv, separator);
    expect(xml).toContain('79991234567');
    expect(xml.match(/table:formula=/g) ?? []).toEqual([]);
  });

  it('opens a phone as text with its plus', () => {
    const xml = openInCalc(csv, 59);
    expect(xml).not.toMatch(/office:value="79991234567"/);
    expect(xml).toContain('<text:p>&apos;+79991234567</text:p>');
  });
});
