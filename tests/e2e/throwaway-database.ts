/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL, for the specs that start their own servers on it
 * (tests/e2e/extra-server.ts). `available` is false without TEST_DATABASE_URL: such specs are skipped.
 */
import crypto from 'node:crypto';
import { test } from '@playwright/test';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';
import { withAdminClient } from '#tests/fixtures/pg.ts';

export function throwawayDatabase(prefix: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const query = (text: string) => withAdminClient(adminUrl ?? '', (client) => client.query(text));
  return {
    available: Boolean(adminUrl),
    /** Creates the database and returns its `postgres://…` address. */
    async create(): Promise<string> {
      await query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      return url.toString();
    },
    /** Drops it under whoever is connected (`WITH (FORCE)`); `ifExists` for clean-up after a test that dropped it. */
    async drop({ ifExists = true } = {}): Promise<void> {
      await query(`DROP DATABASE ${ifExists ? 'IF EXISTS ' : ''}${name} WITH (FORCE)`);
    },
  };
}

/**
 * The setup of a spec whose own servers run on a PostgreSQL database: skipped without TEST_DATABASE_URL (`available`
 * false), its tests one after another, the browser on the server at `port`.
 */
export function configureOwnServersSpec(available: boolean, port: number): void {
  test.skip(!available, 'needs TEST_DATABASE_URL (PostgreSQL)');
  test.describe.configure({ mode: 'serial' });
  test.use({ userAgent: BROWSER_UA, baseURL: `http://127.0.0.1:${port}` });
}
