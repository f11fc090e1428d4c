/**
 * Prints the ten slowest spec files at the end of a browser run (`npm test`, `npm run test:e2e`), so that the file to
 * make cheaper next is in sight (docs/testing.md). Per file: the time its tests (with their hooks) kept a worker busy,
 * and the span from its first test's start to its last test's end, which is what a serial file adds to the run. Then
 * where the run's time went besides the tests: how long before the first test started (the suite server's first start),
 * how long at the end fewer tests ran than there are workers (a tail a long test started late leaves), and how long
 * the workers waited between tests (own servers starting in `beforeAll`), with the longest waits' spec files.
 */
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface FileTimes {
  busyMs: number;
  firstStart: number;
  lastEnd: number;
  tests: number;
}

export default class SlowestFilesReporter implements Reporter {
  private readonly files = new Map<string, FileTimes>();
  private readonly count: number;
  /** Every test run's start and end (ms since the epoch), retries included, with its worker slot and file. */
  private readonly runs: Array<{ start: number; end: number; slot: number; worker: number; file: string }> = [];
  private workers = 1;

  constructor(options: { count?: number } = {}) {
    this.count = options.count ?? 10;
  }

  onBegin(config: FullConfig): void {
    this.workers = config.workers;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    const start = result.startTime.getTime();
    this.runs.push({
      start,
      end: start + result.duration,
      slot: result.parallelIndex,
      worker: result.workerIndex,
      file,
    });
    const times = this.files.get(file) ?? { busyMs: 0, firstStart: start, lastEnd: start, tests: 0 };
    times.busyMs += result.duration;
    times.firstStart = Math.min(times.firstStart, start);
    times.lastEnd = Math.max(times.lastEnd, start + result.duration);
    times.tests += 1;
    this.files.set(file, times);
  }

  onEnd(result: FullResult): void {
    const slowest = [...this.files].sort(([, a], [, b]) => b.busyMs - a.busyMs).slice(0, this.count);
    if (slowest.length === 0) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const lines = slowest.map(
      ([file, times]) =>
        `${seconds(times.busyMs)} busy ${seconds(times.lastEnd - times.firstStart)} span ${String(times.tests).padStart(4)} tests  ${file}`,
    );
    const total = [...this.files.values()].reduce((sum, times) => sum + times.busyMs, 0);
    console.log(
      `\nThe ${slowest.length} slowest spec files (of ${this.files.size}; ${(total / 1000).toFixed(0)} s of worker time in all, ` +
        `${(result.duration / 1000).toFixed(0)} s for the run):\n${lines.join('\n')}`,
    );
    const firstStart = Math.min(...this.runs.map((run) => run.start));
    console.log(
      `The first test started ${((firstStart - result.startTime.getTime()) / 1000).toFixed(0)} s into the run; ` +
        `fewer than ${this.workers} tests ran at once for the last ${(this.tailMs() / 1000).toFixed(0)} s of it.`,
    );
    const gaps = this.gaps();
    const idle = gaps.reduce((sum, gap) => sum + gap.ms, 0);
    const largest = gaps
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((gap) => `${seconds(gap.ms)} before ${gap.file}${gap.newWorker ? ' (a new worker process)' : ''}`);
    console.log(
      `Between one test's end and the next one's start in the same worker slot: ${(idle / 1000).toFixed(0)} s in all ` +
        `(a spec's own server starting in beforeAll, a worker process starting); the largest:\n${largest.join('\n')}`,
    );
  }

  /** The waits in each worker slot between a test's end and the next test's start (hooks outside the tests). */
  private gaps(): Array<{ ms: number; file: string; newWorker: boolean }> {
    const bySlot = Map.groupBy(this.runs, (run) => run.slot);
    return [...bySlot.values()].flatMap((runs) => {
      const ordered = runs.toSorted((a, b) => a.start - b.start);
      return ordered.slice(1).map((run, index) => ({
        ms: Math.max(0, run.start - ordered[index]!.end),
        file: run.file,
        newWorker: run.worker !== ordered[index]!.worker,
      }));
    });
  }

  /** The time from the last moment all workers were busy to the last test's end. */
  private tailMs(): number {
    const events = this.runs.flatMap((run) => [
      { at: run.start, change: 1 },
      { at: run.end, change: -1 },
    ]);
    events.sort((a, b) => a.at - b.at || a.change - b.change);
    let running = 0;
    let tailStart = events[0]?.at ?? 0;
    for (const event of events) {
      const wasFull = running >= this.workers;
      running += event.change;
      if (wasFull && running < this.workers) tailStart = event.at;
    }
    return (events.at(-1)?.at ?? tailStart) - tailStart;
  }

  printsToStdio(): boolean {
    return false;
  }
}
