/**
 * A deploy's SIGTERM (README "Operations", docs/decisions/0021): the built server under keep-alive load with bid
 * POSTs in flight — some of them still sending their body when the server stops accepting — exits 0 within 5 s,
 * `/readyz` answered 503 first, and every bid it acknowledged is in the database.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { createDb } from '#db/index.ts';
import { loopbackAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { E2E_PORT } from '#tests/e2e/settings.ts';
import { BROWSER_UA, waitForTokenAge } from '#tests/e2e/site/helpers.ts';

const PORT = Number(process.env.E2E_SHUTDOWN_PORT ?? E2E_PORT + 12);
const DATA_DIR = '.e2e-data/shutdown';
// The window in which the test asks for readiness after the SIGTERM: 400 ms was missed on a loaded machine (three
// workers, other sessions), where the readiness request then met a closing server and was reset (ECONNRESET).
const READINESS_DELAY_MS = 1000;

test.describe.configure({ mode: 'serial' });

let server: ExtraServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startExtraServer({
    port: PORT,
    dataDir: DATA_DIR,
    env: {
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      SHUTDOWN_READINESS_DELAY_MS: String(READINESS_DELAY_MS),
      LOG_LEVEL: 'fatal',
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A bid POST from `address` whose body is sent in two parts, `pauseMs` apart; resolves with the status (0: no answer). */
function postBid(address: string, form: Record<string, string>, pauseMs: number): Promise<number> {
  const body = Buffer.from(new URLSearchParams(form).toString());
  return new Promise((resolve) => {
    const request = http.request(`${server!.base}/new`, {
      method: 'POST',
      localAddress: address,
      agent: false,
      headers: {
        'User-Agent': BROWSER_UA,
        Origin: server!.base,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(body.length),
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      // An answer cut off (a reset) is no answer: without a listener its error would end the test process instead.
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
    request.write(body.subarray(0, 20));
    setTimeout(() => request.end(body.subarray(20)), pauseMs);
  });
}

test('SIGTERM drains: readiness 503 first, in-flight bids finish and are stored, exit 0 within 5 s', async () => {
  test.setTimeout(60_000);
  const base = server!.base;
  const bids = await Promise.all(
    Array.from({ length: 6 }, async (_, n) => {
      const address = loopbackAddress();
      const page = await requestFrom(address, `${base}/new`);
      const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
      return { address, name: `Отбой ${crypto.randomBytes(3).toString('hex')} ${n}`, token };
    }),
  );
  expect(bids.every((bid) => bid.token)).toBe(true);
  for (const bid of bids) await waitForTokenAge(bid.token);

  // Keep-alive load: a few clients re-using their connections until the server goes.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let loading = true;
  let answered = 0;
  const load = Array.from({ length: 4 }, async () => {
    while (loading) {
      const ok = await new Promise<boolean>((resolve) => {
        http
          .get(`${base}/api/build-id`, { agent, headers: { 'User-Agent': BROWSER_UA } }, (response) => {
            response.resume();
            response.on('end', () => resolve(true));
            // A keep-alive connection reset by the stopping server ends this client's load, as a refused one does
            // (seen as an uncaught «read ECONNRESET» on a loaded machine).
            response.on('error', () => resolve(false));
          })
          .on('error', () => resolve(false));
      });
      if (!ok) break;
      answered += 1;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 200));

  const exited = new Promise<number | null>((resolve) => server!.process.once('exit', (code) => resolve(code)));
  const signalled = Date.now();
  // Half the bids finish their body while the server already refuses new connections.
  const statuses = bids.map((bid, n) =>
    postBid(
      bid.address,
      { formId: 'trial', kind: 'trial', name: bid.name, phone: '+79123456789', consent: 'on', token: bid.token },
      n % 2 ? READINESS_DELAY_MS + 300 : 50,
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  server!.process.kill('SIGTERM');
  // Readiness answers 503 from the moment the server handles the signal until it closes its connections. Asked at
  // once and again every 20 ms, each time on a new connection from a new address (a reused keep-alive socket may be
  // closed at its timeout just as it is reused, a reset that says nothing about the drain): the first answer that is
  // not the 200 of before the signal must be that 503. A single question 250 ms after the signal was answered by a
  // reset once on a machine so loaded that it arrived after the 1 s window.
  let readiness = 200;
  while (readiness === 200) {
    readiness = await requestFrom(loopbackAddress(), `${base}/readyz`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (readiness === 200) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(readiness, 'readiness: 503 before the connections close (0: no answer)').toBe(503);

  const code = await exited;
  const took = Date.now() - signalled;
  loading = false;
  await Promise.all(load);
  agent.destroy();
  expect(code).toBe(0);
  expect(took).toBeLessThan(5000);
  expect(answered).toBeGreaterThan(0);

  const results = await Promise.all(statuses);
  const acknowledged = bids.filter((_, n) => results[n] === 302).map((bid) => bid.name);
  expect(acknowledged.length).toBe(bids.length);

  const database = await createDb({ dataDir: `${DATA_DIR}/pglite` });
  try {
    const stored = await database.db.selectFrom('bids').select('name').where('name', 'in', acknowledged).execute();
    expect(stored.map((row) => row.name).sort()).toEqual([...acknowledged].sort());
  } finally {
    await database.close();
  }
});
