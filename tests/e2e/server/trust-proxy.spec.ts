/**
 * TRUST_PROXY (docs/security.md, "Client address"): off by default — a client-sent X-Forwarded-For changes nothing,
 * the login throttle counts the socket address; with TRUST_PROXY=1 the address the proxy forwards is the client.
 */
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { loopbackAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { E2E_PORT } from '#tests/e2e/settings.ts';

const LOGIN_LIMIT_PER_EMAIL_AND_IP = 5;

test.describe.configure({ mode: 'serial' });

const servers: Record<'off' | 'one', ExtraServer | null> = { off: null, one: null };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const start = (port: number, dataDir: string, trustProxy: string) =>
    startExtraServer({
      port,
      dataDir,
      env: {
        SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
        TRUST_PROXY: trustProxy,
        LOG_LEVEL: 'fatal',
        // Sign-in and the origin check need no clubs; without the demo pictures to render a first start is quicker.
        DEMO_CONTENT: '0',
      },
    });
  [servers.off, servers.one] = await Promise.all([
    start(Number(process.env.E2E_TRUST_OFF_PORT ?? E2E_PORT + 13), '.e2e-data/trust-off', ''),
    start(Number(process.env.E2E_TRUST_ONE_PORT ?? E2E_PORT + 14), '.e2e-data/trust-one', '1'),
  ]);
});

test.afterAll(async () => {
  await Promise.all([servers.off?.stop(), servers.one?.stop()]);
});

/** Wrong passwords for one email from one socket address, each claiming another X-Forwarded-For. */
async function failedLogins(
  server: ExtraServer,
  attempts: number,
): Promise<Array<{ status: number; retryAfter?: string }>> {
  const address = loopbackAddress();
  const answers = [];
  for (let n = 0; n < attempts; n++) {
    const answer = await requestFrom(address, `${server.base}/login`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': `203.0.113.${n + 1}` },
      form: { email: 'nobody@club.test', password: `wrong-${n}` },
    });
    answers.push({ status: answer.status, retryAfter: answer.headers['retry-after'] as string | undefined });
  }
  return answers;
}

test('by default X-Forwarded-For is ignored: the throttle counts the socket address', async () => {
  const answers = await failedLogins(servers.off!, LOGIN_LIMIT_PER_EMAIL_AND_IP + 1);
  expect(answers.slice(0, LOGIN_LIMIT_PER_EMAIL_AND_IP).every((answer) => answer.status !== 429)).toBe(true);
  expect(answers.at(-1)!.status).toBe(429);
  expect(Number(answers.at(-1)!.retryAfter)).toBeGreaterThan(0);
});

test('with TRUST_PROXY=1 the forwarded address is the client', async () => {
  const answers = await failedLogins(servers.one!, LOGIN_LIMIT_PER_EMAIL_AND_IP + 2);
  expect(answers.map((answer) => answer.status)).not.toContain(429);
});

test('X-Forwarded-Host never makes a foreign Origin same-site without a trusted proxy', async () => {
  const answer = await requestFrom(loopbackAddress(), `${servers.off!.base}/login`, {
    method: 'POST',
    headers: { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    form: { email: 'nobody@club.test', password: 'x' },
  });
  // Refused before any action runs (React Router's own origin check answers 400, the root middleware 403).
  expect([400, 403]).toContain(answer.status);
  expect(answer.body).not.toContain('Неверный email или пароль');
});
