import '#tests/compile-cache.ts';
import fs from 'node:fs';
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_BID_MIN_FILL_MS, E2E_PORT } from '#tests/e2e/settings.ts';

/**
 * The browser the suite drives: CHROMIUM_PATH, else Debian's headless shell (`chromium-headless-shell`), else Debian's
 * Chromium (Playwright cannot download its own browser here). The headless shell is what Playwright itself runs for
 * headless tests: the same engine without the full browser around it, less than half the CPU per test of the full
 * Chromium's headless mode (docs/testing.md, "Browser"). A run with a window (`--headed`, `--debug`) needs the full
 * one: CHROMIUM_PATH=/usr/bin/chromium.
 */
function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    // The binary itself: /usr/bin/chromium-headless-shell is a shell wrapper that stays around as an extra process.
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (found) return found;
  // Fall back to Playwright's own browser when installed; otherwise say what to do.
  console.warn(
    'No system Chromium found: install it with `apt-get install -y chromium-headless-shell chromium` or set CHROMIUM_PATH.',
  );
  return undefined;
}

/** Spec files dispatched before all others (see `projects`). */
const STARTED_FIRST = [
  '**/site/render-cache-rules.spec.ts',
  '**/site/booking-loop.spec.ts',
  '**/admin/manager-access.spec.ts',
  // Its tests run one after another on two servers of their own: last in path order, it was a tail of ~20 s.
  '**/two-instances.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // One per core: on the 2-core CI machine a third worker kept the cores busy but made every test slower by more than
  // it gained (docs/testing.md, "Workers").
  workers: os.availableParallelism(),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // The ten slowest spec files are printed at the end (tests/e2e/slowest-files-reporter.ts).
  reporter: [['list'], ['./tests/e2e/slowest-files-reporter.ts']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // Recording a trace costs every test its screenshots and snapshots: in CI only the retry of a failed test records
    // one (retries: 1), which is the run a failure is read from.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  // The specs that wait for the wall clock (a session made to start at the next minute) or run longest on their own
  // server start first, so that no worker is left with a minute of them at the end of the run (docs/testing.md,
  // "Order"). Both projects are the same browser under one name: `--project chromium` selects both.
  projects: [
    { name: 'chromium', testMatch: STARTED_FIRST, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'chromium', testIgnore: STARTED_FIRST, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // A fresh data directory per run, made before the server starts as a first `npm start` makes it, together with
    // the pristine copies the specs' own servers start from (tests/e2e/suite-data.ts).
    command: 'rm -rf .e2e-data && node tests/e2e/suite-data.ts && node server.ts',
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '.e2e-data',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Cookies must work over plain http in the test run.
      INSECURE_COOKIES: '1',
      // The specs play many clients from one machine with X-Forwarded-For (site/helpers.ts useUniqueIp): the
      // test server trusts its loopback "proxy". Production default is off (docs/security.md, "Client address").
      TRUST_PROXY: 'loopback',
      // No load balancer to wait for when the run ends.
      SHUTDOWN_READINESS_DELAY_MS: '0',
      // A bid form may be sent 1 s after it was shown instead of 2.5 s: the tests wait less (tests/e2e/settings.ts).
      BID_MIN_FILL_MS: String(E2E_BID_MIN_FILL_MS),
    },
  },
});
