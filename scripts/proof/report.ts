/** The proof suite's table: one line per figure, each with a verdict. */
export type Verdict = 'PASS' | 'FAIL' | 'SKIP';

export interface Row {
  check: string;
  figure: string;
  target: string;
  verdict: Verdict;
}

export const rows: Row[] = [];

export function record(check: string, figure: string, target: string, verdict: Verdict | boolean): Row {
  const row = { check, figure, target, verdict: typeof verdict === 'boolean' ? (verdict ? 'PASS' : 'FAIL') : verdict };
  rows.push(row as Row);
  console.log(`  ${row.verdict.padEnd(4)} ${check}: ${figure}`);
  return row as Row;
}

export function printTable(list: Row[] = rows) {
  const widths = {
    check: Math.max(5, ...list.map((row) => row.check.length)),
    figure: Math.max(6, ...list.map((row) => row.figure.length)),
    target: Math.max(6, ...list.map((row) => row.target.length)),
  };
  const line = (check: string, figure: string, target: string, verdict: string) =>
    `| ${check.padEnd(widths.check)} | ${figure.padEnd(widths.figure)} | ${target.padEnd(widths.target)} | ${verdict.padEnd(7)} |`;
  console.log('');
  console.log(line('check', 'figure', 'target', 'verdict'));
  console.log(
    `|${'-'.repeat(widths.check + 2)}|${'-'.repeat(widths.figure + 2)}|${'-'.repeat(widths.target + 2)}|---------|`,
  );
  for (const row of list) console.log(line(row.check, row.figure, row.target, row.verdict));
  const failed = list.filter((row) => row.verdict === 'FAIL').length;
  const skipped = list.filter((row) => row.verdict === 'SKIP').length;
  console.log(`\n${list.length - failed - skipped} PASS, ${failed} FAIL, ${skipped} SKIP`);
}
