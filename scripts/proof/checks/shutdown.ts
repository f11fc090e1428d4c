/**
 * Shutdown: SIGTERM while keep-alive page load runs and 20 bid POSTs are in flight (headers and half of the body
 * sent). The process must exit with 0 within 5 s (plus a readiness grace period, when the server has one) and every
 * acknowledged bid must be stored.
 */
import http from 'node:http';
import { FILL_WAIT_MS, isShownForm, type ShownForm, showForm, storedBids } from '#scripts/proof/bids.ts';
import { pageLoad } from '#scripts/proof/checks/load.ts';
import { formBody, nextLoopback, type Reply, sleep } from '#scripts/proof/http.ts';
import { record } from '#scripts/proof/report.ts';
import type { RunningServer } from '#scripts/proof/server.ts';

/** A bid POST whose body is sent in two halves: `finish()` sends the rest. */
function halfSentBid(base: string, address: string, form: ShownForm, marker: string, phone: string) {
  const { body, headers } = formBody({
    ...form.fields,
    website: '',
    name: 'Проверка Остановки',
    phone,
    comment: marker,
    consent: 'on',
  });
  const bytes = Buffer.from(body);
  const url = `${base}${form.action.split('#')[0]}`;
  let finish!: () => void;
  let connected!: () => void;
  const sent = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const reply = new Promise<Reply>((resolve) => {
    const started = performance.now();
    const request = http.request(url, {
      method: 'POST',
      localAddress: address,
      agent: false,
      headers: {
        ...headers,
        'Content-Length': String(bytes.length),
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36',
        Cookie: form.jar.header(),
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: '',
          ms: performance.now() - started,
        }),
      );
    });
    request.on('error', (error) =>
      resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started, error: error.message }),
    );
    request.flushHeaders();
    request.write(bytes.subarray(0, bytes.length >> 1), () => connected());
    finish = () => request.end(bytes.subarray(bytes.length >> 1));
  });
  return { reply, sent, finish: () => finish() };
}

export async function shutdownCheck(server: RunningServer, databaseUrl: string, graceSeconds: number) {
  const markerPrefix = `proof-shutdown-${Date.now()}-`;
  const forms: Array<{ address: string; form: ShownForm }> = [];
  while (forms.length < 20) {
    const address = nextLoopback();
    const shown = await showForm(server.base, address);
    if (isShownForm(shown)) forms.push({ address, form: shown });
  }
  await sleep(FILL_WAIT_MS);
  const load = pageLoad(server.base, Number(process.env.PROOF_SHUTDOWN_CONNECTIONS ?? 20), 30);
  await sleep(1000);
  const bids = forms.map(({ address, form }, i) =>
    halfSentBid(server.base, address, form, `${markerPrefix}${i}`, `+7913${String(5_000_000 + i).slice(-7)}`),
  );
  // Every POST connected, its headers and half of its body written, before the signal.
  await Promise.race([Promise.all(bids.map((bid) => bid.sent)), sleep(10_000)]);
  await sleep(100);
  const termAt = Date.now();
  server.child.kill('SIGTERM');
  await sleep(100);
  for (const bid of bids) bid.finish();
  const limit = 5 + graceSeconds;
  const exit = await Promise.race([server.exited, sleep((limit + 10) * 1000).then(() => null)]);
  if (!exit) server.child.kill('SIGKILL');
  const replies = await Promise.all(bids.map((bid) => bid.reply));
  (load as unknown as { stop?: () => void }).stop?.();
  await Promise.resolve(load).catch(() => undefined);

  const seconds = exit ? (exit.at - termAt) / 1000 : null;
  record(
    'shutdown: exit on SIGTERM',
    exit
      ? `exit code ${exit.code ?? `signal ${exit.signal}`} after ${seconds!.toFixed(1)} s`
      : `still running after ${limit + 10} s (killed)`,
    `code 0 within ${limit} s`,
    exit !== null && exit.code === 0 && seconds! <= limit,
  );
  const acknowledged = replies
    .map((reply, i) => ({ reply, marker: `${markerPrefix}${i}` }))
    .filter(
      ({ reply }) =>
        (reply.status === 302 || reply.status === 303) && String(reply.headers.location).includes('bid=sent'),
    );
  const stored = await storedBids(databaseUrl, markerPrefix);
  const lost = acknowledged.filter(({ marker }) => !stored.stored.has(marker));
  if (process.env.PROOF_DEBUG) {
    console.log(
      replies
        .map((reply, i) => `${i}:${reply.status || reply.error}:${stored.stored.has(`${markerPrefix}${i}`)}`)
        .join(' '),
    );
  }
  const statuses = replies.map((reply) => (reply.status ? String(reply.status) : `no answer: ${reply.error}`));
  const split = [...new Set(statuses)].map((status) => `${statuses.filter((s) => s === status).length}× ${status}`);
  const unanswered = replies.filter((reply) => reply.status === 0).length;
  record(
    'shutdown: in-flight bids',
    `${acknowledged.length}/20 acknowledged (${split.join(', ')}), ${lost.length} lost, ${stored.total} rows`,
    'all 20 answered, every acknowledged bid stored',
    unanswered === 0 && lost.length === 0 && stored.duplicates === 0,
  );
}
