/**
 * Database fault: under 20 connections PostgreSQL is stopped at `stopAt` s and started at `startAt` s. The process
 * must stay alive, pages answer 503 during the outage (or 200 when their content is in memory), /readyz 503, pages answer 200 again within 5 s of PostgreSQL
 * being back, and no acknowledged bid is lost.
 */
import http from 'node:http';
import { storedBids } from '#scripts/proof/bids.ts';
import { bidWorkers, PAGES } from '#scripts/proof/checks/load.ts';
import { send, sleep } from '#scripts/proof/http.ts';
import type { Cluster } from '#scripts/proof/pg-cluster.ts';
import { record } from '#scripts/proof/report.ts';
import type { RunningServer } from '#scripts/proof/server.ts';

interface Sample {
  at: number;
  status: number;
}

export async function faultCheck(
  server: RunningServer,
  cluster: Cluster,
  databaseUrl: string,
  timeline: { stopAt: number; startAt: number; endAt: number },
) {
  const t0 = Date.now();
  const end = t0 + timeline.endAt * 1000;
  const until = () => Date.now() >= end;
  const pageSamples: Sample[] = [];
  const readySamples: Sample[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  const pageWorkers = Array.from({ length: 16 }, async (_, worker) => {
    let n = worker;
    while (!until()) {
      const path = PAGES[n % PAGES.length]!;
      n += 1;
      const reply = await send(`${server.base}${path}`, { agent, timeoutMs: 10_000 });
      pageSamples.push({ at: Date.now(), status: reply.status });
      if (reply.status !== 200) await sleep(50);
    }
  });
  const readiness = (async () => {
    while (!until()) {
      const reply = await send(`${server.base}/readyz`, { timeoutMs: 5_000 });
      readySamples.push({ at: Date.now(), status: reply.status });
      await sleep(250);
    }
  })();
  const markerPrefix = `proof-fault-${Date.now()}-`;
  const bids = bidWorkers(server.base, 4, until, markerPrefix);

  await sleep(t0 + timeline.stopAt * 1000 - Date.now());
  cluster.stop();
  const stoppedAt = Date.now();
  await sleep(t0 + timeline.startAt * 1000 - Date.now());
  const startCalledAt = Date.now();
  cluster.start();
  const upAt = Date.now();
  const [bidResult] = await Promise.all([bids, ...pageWorkers, readiness]);
  agent.destroy();

  const alive = server.alive();
  const exit = alive ? null : await server.exited;
  record(
    'fault: process alive',
    exit
      ? `exited ${exit.code === null ? `on ${exit.signal}` : `with code ${exit.code}`} (see the server log)`
      : 'alive',
    'alive',
    alive,
  );

  const outage = pageSamples.filter((sample) => sample.at > stoppedAt + 1000 && sample.at < startCalledAt);
  const split = countBy(outage.map((sample) => sample.status));
  record(
    'fault: pages during outage',
    `${outage.length} answers: ${formatSplit(split)}`,
    // Pages whose content is already in memory are still served (docs/security.md, "Database outage").
    '503 or 200 from memory, some 503',
    outage.length > 0 &&
      outage.every((sample) => sample.status === 503 || sample.status === 200) &&
      outage.some((sample) => sample.status === 503),
  );
  const readyOutage = readySamples.filter((sample) => sample.at > stoppedAt + 1000 && sample.at < startCalledAt);
  record(
    'fault: /readyz during outage',
    `${readyOutage.length} answers: ${formatSplit(countBy(readyOutage.map((sample) => sample.status)))}`,
    'all 503',
    readyOutage.length > 0 && readyOutage.every((sample) => sample.status === 503),
  );

  const afterUp = pageSamples.filter((sample) => sample.at >= upAt);
  const lastBad = afterUp.filter((sample) => sample.status !== 200).at(-1);
  const recovery = lastBad ? (lastBad.at - upAt) / 1000 : 0;
  const recovered = afterUp.some((sample) => sample.status === 200 && (!lastBad || sample.at > lastBad.at));
  record(
    'fault: pages 200 again',
    recovered
      ? `${recovery.toFixed(1)} s after PostgreSQL was back`
      : `not within ${((end - upAt) / 1000).toFixed(0)} s`,
    '≤ 5 s',
    recovered && recovery <= 5,
  );

  const stored = await storedBids(databaseUrl, markerPrefix);
  const lost = bidResult.acknowledged.filter((marker) => !stored.stored.has(marker));
  const refusedSplit = formatSplit(countBy(bidResult.failed.map((failure) => failure.slice(0, 40))));
  record(
    'fault: acknowledged bids lost',
    `${lost.length} lost of ${bidResult.acknowledged.length} acknowledged (${bidResult.failed.length} refused during the outage: ${refusedSplit || 'none'})`,
    '0',
    bidResult.acknowledged.length === 0 ? 'SKIP' : lost.length === 0 && stored.duplicates === 0,
  );
}

function countBy(values: Array<number | string>) {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return counts;
}

function formatSplit(counts: Map<string, number>) {
  return [...counts]
    .sort()
    .map(([status, n]) => `${n}× ${status === '0' ? 'no answer' : status}`)
    .join(', ');
}
