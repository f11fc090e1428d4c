/**
 * The LISTEN connection that keeps the caches exact (docs/http-caching.md) can die without a word: a failover, a NAT
 * or firewall forgetting it — no FIN, no error, just silence, and NOTIFYs that never arrive. The server reaches
 * PostgreSQL here through a TCP proxy this test controls; the proxy black-holes that one connection. The server
 * must notice (its periodic check goes unanswered), stop serving pages from memory, show an edit made meanwhile at
 * once, and cache again once it listens on a new connection. Needs PostgreSQL (TEST_DATABASE_URL).
 */
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { loopbackAddress, requestFrom } from '#tests/e2e/client-address.ts';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { E2E_PORT } from '#tests/e2e/settings.ts';
import { throwawayDatabase } from '#tests/e2e/throwaway-database.ts';
import { withAdminClient } from '#tests/fixtures/pg.ts';

const PORT = Number(process.env.E2E_LISTEN_PORT ?? E2E_PORT + 29);
const database = throwawayDatabase('e2e_listen');

test.skip(!database.available, 'needs TEST_DATABASE_URL (PostgreSQL)');
test.describe.configure({ mode: 'serial' });

/**
 * A TCP proxy to PostgreSQL that can make the connections which issue `LISTEN` fall silent: from then on they forward
 * nothing either way and close nothing — also the ones the server opens to listen again, until `heal()`. Every other
 * connection goes through as usual.
 */
function silencingProxy(target: { host: string; port: number }) {
  const links: Array<{ client: net.Socket; upstream: net.Socket; listens: boolean; silent: boolean }> = [];
  let silencing = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const link = { client, upstream, listens: false, silent: false };
    links.push(link);
    client.on('data', (chunk) => {
      if (chunk.includes('LISTEN ')) {
        link.listens = true;
        if (silencing) link.silent = true;
      }
      if (!link.silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!link.silent) client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    // A closed link is no connection to silence any more (the server may have replaced its LISTEN connection).
    client.on('close', () => {
      if (!link.silent) links.splice(links.indexOf(link), 1);
    });
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', () => {
      if (!link.silent) upstream.destroy();
    });
    upstream.on('close', () => {
      if (!link.silent) client.destroy();
    });
  });
  return {
    async start(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as net.AddressInfo).port;
    },
    /** Silences the LISTEN connections open now, and any that come, until `heal()`; returns how many are open. */
    silenceListeners(): number {
      silencing = true;
      const listeners = links.filter((link) => link.listens && !link.silent);
      for (const link of listeners) link.silent = true;
      return listeners.length;
    },
    /** New connections listen again (the silenced ones stay silent). */
    heal() {
      silencing = false;
    },
    async stop() {
      for (const link of links) {
        link.client.destroy();
        link.upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let server: ExtraServer | null = null;
let proxy: ReturnType<typeof silencingProxy> | null = null;
let databaseUrl = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  databaseUrl = await database.create();
  const direct = new URL(databaseUrl);
  proxy = silencingProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(databaseUrl);
  proxied.port = String(await proxy.start());
  server = await startExtraServer({
    port: PORT,
    dataDir: '.e2e-data/listen-silence',
    env: {
      DATABASE_URL: proxied.toString(),
      SESSION_SECRET: 'listen-silence-session-secret-of-32-chars',
      DEMO_CONTENT: '0',
      // Checked every 300 ms, silent after 2 s: a test of seconds, not of the production quarter-minute.
      LISTEN_CHECK_MS: '300',
      LISTEN_TIMEOUT_MS: '2000',
    },
  });
  await sql(`INSERT INTO gyms (id, name, address) VALUES (1, 'Клуб до правки', 'Екатеринбург, ул. Ленина, 1')`);
});

test.afterAll(async () => {
  await server?.stop();
  await proxy?.stop();
  await database.drop();
});

/** A statement on the database directly (not through the proxy), as another instance's edit would be. */
async function sql(statement: string) {
  await withAdminClient(databaseUrl, async (client) => {
    await client.query(statement);
    await client.query(`SELECT pg_notify('content_changed', 'gym')`);
  });
}

const home = () => requestFrom(loopbackAddress(), `${server!.base}/`);

test('a silent LISTEN connection turns the caches off; an edit made meanwhile shows at once', async () => {
  test.setTimeout(60_000);
  await expect.poll(async () => (await home()).headers['x-render-cache'], { timeout: 15_000 }).toBe('hit');
  expect((await home()).body).toContain('Клуб до правки');

  expect(proxy!.silenceListeners()).toBe(1);
  // The check goes unanswered: the server stops answering from memory (a clean disconnect does the same), and stays
  // so while its attempts to listen again go unanswered too.
  await expect.poll(async () => (await home()).headers['x-render-cache'], { timeout: 10_000 }).toBe('bypass');
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect((await home()).headers['x-render-cache']).toBe('bypass');

  // An edit whose NOTIFY can only reach the silent connection, i.e. nobody.
  await sql(`UPDATE gyms SET name = 'Клуб после правки' WHERE id = 1`);
  const after = await home();
  expect(after.body).toContain('Клуб после правки');
  expect(after.body).not.toContain('Клуб до правки');

  // The network heals: listening again on a new connection, the server caches again — the edited page.
  proxy!.heal();
  await expect.poll(async () => (await home()).headers['x-render-cache'], { timeout: 15_000 }).toBe('hit');
  expect((await home()).body).toContain('Клуб после правки');
});
