/**
 * Staff-area figures with many bids: /admin/bids first page and filtered pages (server time p50,
 * aim ≤ 50 ms), and the CSV export of every bid (rows/s and the server's peak RSS, aim ≤ 200 MB).
 *
 *   createdb -h 127.0.0.1 -U postgres bench
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench ADMIN_EMAIL=… ADMIN_PASSWORD=… PORT=3300 node server.ts &
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node scripts/generate-bids.ts 1000000
 *   BASE_URL=http://127.0.0.1:3300 ADMIN_EMAIL=… ADMIN_PASSWORD=… SERVER_PID=<pid> node scripts/bench-admin.ts
 *
 * Server time comes from the `Server-Timing: app;dur=…` header of the /admin middleware; RSS from
 * /proc/<SERVER_PID>/status (Linux), sampled every 50 ms during the export.
 */
import { rssMb } from '#scripts/lib/bench-server.ts';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3300';
const EMAIL = process.env.ADMIN_EMAIL ?? '';
const PASSWORD = process.env.ADMIN_PASSWORD ?? '';
const RUNS = Number(process.env.RUNS ?? 30);
const SERVER_PID = process.env.SERVER_PID;

async function login(): Promise<string> {
  const response = await fetch(`${BASE}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 302 || !cookie) throw new Error(`login failed: ${response.status}`);
  return cookie;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timePage(cookie: string, path: string) {
  const server: number[] = [];
  const total: number[] = [];
  // Two warm-up requests fill the connection pool and PostgreSQL's caches.
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    const response = await fetch(`${BASE}${path}`, { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    if (i < 2) continue;
    total.push(performance.now() - started);
    const timing = response.headers.get('server-timing')?.match(/dur=([\d.]+)/);
    if (timing) server.push(Number(timing[1]));
  }
  return {
    path,
    serverP50: server.length ? percentile(server, 50) : Number.NaN,
    serverP95: server.length ? percentile(server, 95) : Number.NaN,
    totalP50: percentile(total, 50),
  };
}

function serverRssMb(): number | null {
  return SERVER_PID ? rssMb(Number(SERVER_PID)) : null;
}

async function timeExport(cookie: string) {
  let peak = serverRssMb() ?? 0;
  const before = peak;
  const sampler = setInterval(() => {
    const now = serverRssMb();
    if (now !== null && now > peak) peak = now;
  }, 50);
  const started = performance.now();
  const response = await fetch(`${BASE}/admin/bids/export.csv`, { headers: { Cookie: cookie } });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) newlines++;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const rows = newlines - 1;
  return {
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    megabytes: bytes / 1024 / 1024,
    rssBefore: before,
    rssPeak: peak,
  };
}

const cookie = await login();
const pages = [
  '/admin/bids',
  '/admin/bids?status=new',
  '/admin/bids?status=done&gym=2&kind=trial',
  '/admin/bids?from=2026-01-01&to=2026-01-31',
  '/admin/bids?q=8%20(999)%20123-45-67',
  '/admin/bids?q=%D0%90%D0%BD%D0%BD%D0%B0',
];
// ONLY=export measures the export on its own (e.g. right after start, for a clean RSS baseline).
const only = process.env.ONLY;
if (only !== 'export') console.log(`/admin/bids with ${RUNS} requests each (ms):`);
for (const path of only === 'export' ? [] : pages) {
  const r = await timePage(cookie, path);
  console.log(
    `  ${r.path.padEnd(46)} server p50 ${r.serverP50.toFixed(1).padStart(7)}  p95 ${r.serverP95.toFixed(1).padStart(7)}   response p50 ${r.totalP50.toFixed(1).padStart(7)}`,
  );
}
if (only === 'pages') process.exit(0);
const e = await timeExport(cookie);
console.log(
  `CSV export: ${e.rows} rows, ${e.megabytes.toFixed(1)} MB in ${e.seconds.toFixed(1)} s = ${Math.round(e.rowsPerSecond)} rows/s` +
    (SERVER_PID
      ? `; server RSS ${e.rssBefore.toFixed(0)} MB before, peak ${e.rssPeak.toFixed(0)} MB`
      : ' (set SERVER_PID for RSS)'),
);
