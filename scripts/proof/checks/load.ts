/**
 * Load: 100 connections for PROOF_SECONDS (60) — pages through keep-alive connections (autocannon) and bid POSTs
 * from varied loopback addresses — then 30 s idle. 0 errors, every acknowledged bid a row, no duplicates, RSS after
 * the idle time at most 10% above the settled figure before the load.
 */
import autocannon from 'autocannon';
import { isShownForm, sendBid, showForm, storedBids } from '#scripts/proof/bids.ts';
import { nextLoopback, sleep } from '#scripts/proof/http.ts';
import { record } from '#scripts/proof/report.ts';
import type { RunningServer } from '#scripts/proof/server.ts';

export const PAGES = ['/', '/shedule', '/coaches', '/promos', '/trends', '/new'];

export function pageLoad(base: string, connections: number, seconds: number) {
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: PAGES.map((path) => ({ method: 'GET' as const, path })),
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36' },
  });
}

/**
 * Bid workers until `until`: a new address and a new showing of the form for every bid (a showing allows 3 bids and is
 * keyed by its millisecond, which two workers may share).
 */
export async function bidWorkers(
  base: string,
  workers: number,
  until: () => boolean,
  markerPrefix: string,
  counters = { sent: 0, acknowledged: [] as string[], failed: [] as string[] },
) {
  let serial = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!until()) {
        const address = nextLoopback();
        const shown = await showForm(base, address);
        if (!isShownForm(shown)) {
          counters.failed.push(`GET / → ${shown.status}${shown.error ? ` ${shown.error}` : ''}`);
          await sleep(200);
          continue;
        }
        // A form once shown is always sent, even when the time is up meanwhile.
        {
          serial += 1;
          const marker = `${markerPrefix}${serial}`;
          counters.sent += 1;
          const { reply, acknowledged } = await sendBid(base, address, shown, marker);
          if (acknowledged) counters.acknowledged.push(marker);
          else counters.failed.push(`POST → ${reply.status}${reply.error ? ` ${reply.error}` : ''}`);
        }
      }
    }),
  );
  return counters;
}

export async function loadCheck(
  server: RunningServer,
  databaseUrl: string,
  options: { seconds: number; idleSeconds: number; quick: boolean },
) {
  // Warm up (JIT, pools, caches), then idle as long as after the load, so both figures are settled ones: the
  // comparison is of like with like (a heap measured straight after traffic still holds its young generation).
  await pageLoad(server.base, 10, 3);
  await sleep(options.idleSeconds * 1000);
  const rssBefore = server.rssKb();

  const bidConnections = 20;
  const deadline = Date.now() + options.seconds * 1000;
  const markerPrefix = `proof-load-${Date.now()}-`;
  const [pages, bids] = await Promise.all([
    pageLoad(server.base, 100 - bidConnections, options.seconds),
    bidWorkers(server.base, bidConnections, () => Date.now() >= deadline, markerPrefix),
  ]);
  const stored = await storedBids(databaseUrl, markerPrefix);
  const lost = bids.acknowledged.filter((marker) => !stored.stored.has(marker));
  const pageErrors = pages.errors + pages.timeouts + pages.non2xx;
  const errors = pageErrors + bids.failed.length;
  record(
    'load: pages',
    `${Math.round(pages.requests.average)} req/s, p50 ${pages.latency.p50} ms, p99 ${pages.latency.p99} ms, ${pages.requests.total} requests, ${100 - bidConnections} conns × ${options.seconds} s`,
    'measured',
    'PASS',
  );
  record(
    'load: errors',
    `${errors} (pages: ${pages.errors} errors, ${pages.timeouts} timeouts, ${pages.non2xx} non-2xx; bids: ${bids.failed.length} not acknowledged${bids.failed.length ? ` e.g. ${[...new Set(bids.failed)].slice(0, 3).join('; ')}` : ''})`,
    '0',
    errors === 0,
  );
  record(
    'load: bids stored',
    `${bids.acknowledged.length} acknowledged of ${bids.sent} sent, ${bids.acknowledged.length - lost.length} stored, ${lost.length} lost, ${stored.duplicates} duplicated, ${stored.total} rows`,
    'every acknowledged bid a row, no duplicates',
    lost.length === 0 &&
      stored.duplicates === 0 &&
      stored.total === bids.acknowledged.length &&
      bids.acknowledged.length > 0,
  );

  await sleep(options.idleSeconds * 1000);
  const rssAfter = server.rssKb();
  if (rssBefore === null || rssAfter === null) {
    record('load: RSS after idle', 'could not read /proc/<pid>/status', 'within 10%', 'SKIP');
  } else {
    const change = (rssAfter - rssBefore) / rssBefore;
    record(
      'load: RSS after idle',
      `${Math.round(rssBefore / 1024)} MB before, ${Math.round(rssAfter / 1024)} MB after ${options.idleSeconds} s idle (${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%)`,
      'at most 10% above',
      // A quick run's idle time is too short for the heap to settle: the figure is shown, not judged. Memory given
      // back (a negative change) is no leak.
      options.quick ? 'SKIP' : change <= 0.1,
    );
  }
}
