/**
 * `npm run bench:images`: a cached image variant against the original file, side by side in one run.
 *
 * Starts the built production server (fresh PGlite data directory), takes the hero picture of `/`, makes its
 * variant once, then runs autocannon against `/_img/f_webp,w_<w>/imgs/<key>` and `/imgs/<key>` in turns
 * (BENCH_ROUNDS rounds of BENCH_DURATION s each, BENCH_CONNECTIONS connections) and prints requests/s of both and
 * their ratio. The variant cache is served like a static file, so the goal is a ratio of at least 0.8. Last, every
 * uncached variant of the page is asked for at once while the original is measured again: originals must not wait
 * behind resizing (the job queue answers the overflow with 503).
 * BENCH_SKIP_BUILD=1 skips `react-router build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildUnlessSkipped, startProductionServer, stop, waitForReady } from '#scripts/lib/bench-server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3191);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DATA_DIR = path.resolve('.bench-images-data');

async function main() {
  buildUnlessSkipped();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const server = startProductionServer(PORT, DATA_DIR);
  try {
    await waitForReady(BASE);
    const html = await (await fetch(`${BASE}/`)).text();
    const src = /<img[^>]+src="(\/_img\/f_webp,w_\d+\/imgs\/[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    if (!src) throw new Error('no image variant found in the home page');
    const original = src.replace(/^\/_img\/[^/]+/, '');
    const made = await fetch(`${BASE}${src}`);
    const variantBytes = (await made.arrayBuffer()).byteLength;
    const originalBytes = (await (await fetch(`${BASE}${original}`)).arrayBuffer()).byteLength;
    if (made.status !== 200) throw new Error(`variant answered ${made.status}`);

    const totals = { variant: [] as number[], original: [] as number[] };
    const rows = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [name, url] of [
        ['variant', src],
        ['original', original],
      ] as const) {
        const result = await autocannon({ url: `${BASE}${url}`, connections: CONNECTIONS, duration: DURATION });
        totals[name].push(result.requests.average);
        rows.push({
          round,
          target: name,
          url,
          bytes: name === 'variant' ? variantBytes : originalBytes,
          requestsPerSecond: Math.round(result.requests.average),
          p99Ms: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        });
      }
    }
    // Originals while every other variant of the page is asked for at once (uncached: the resize queue fills up).
    const keys = [...new Set([...html.matchAll(/\/_img\/f_webp,w_\d+\/imgs\/([^"\s,]+)/g)].map((match) => match[1]!))];
    const misses = keys.flatMap((key) =>
      [320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072].map((width) => `/_img/f_webp,w_${width}/imgs/${key}`),
    );
    const storm = Promise.all(misses.map((url) => fetch(`${BASE}${url}`).then((response) => response.status)));
    const during = await autocannon({ url: `${BASE}${original}`, connections: 10, duration: 5 });
    const statuses = await storm;
    rows.push({
      round: 0,
      target: 'original during a storm',
      url: original,
      bytes: originalBytes,
      requestsPerSecond: Math.round(during.requests.average),
      p99Ms: during.latency.p99,
      non2xx: during.non2xx,
      errors: during.errors,
    });
    const count = (status: number) => statuses.filter((value) => value === status).length;
    console.table(rows);
    console.log(
      `storm: ${misses.length} uncached variant requests at once → ${count(200)}× 200, ${count(503)}× 503 (queue full); ` +
        `originals meanwhile p50 ${during.latency.p50} ms, p99 ${during.latency.p99} ms`,
    );
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const ratio = mean(totals.variant) / mean(totals.original);
    console.log(
      `cached variant ${Math.round(mean(totals.variant))} req/s vs original ${Math.round(mean(totals.original))} req/s: ` +
        `${ratio.toFixed(2)}× (goal ≥ 0.8×) ${ratio >= 0.8 ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await stop(server);
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

await main();
