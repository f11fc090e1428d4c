import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '#app/infra/env.server.ts';
import { loadSessionSecret } from '#app/infra/secret.server.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'club-secret-'));

describe('configuration', () => {
  it('defaults to port 3000, ./data and no optional integrations', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.YANDEX_METRIKA_ID).toBeUndefined();
  });

  it('treats empty optional variables as absent', () => {
    expect(parseEnv({ SMTP_URL: '', YANDEX_MAPS_API_KEY: '  ' }).SMTP_URL).toBeUndefined();
  });

  it('makes two-factor sign-in optional unless REQUIRE_2FA names admins or all', () => {
    expect(parseEnv({}).REQUIRE_2FA).toBeUndefined();
    expect(parseEnv({ REQUIRE_2FA: '' }).REQUIRE_2FA).toBeUndefined();
    expect(parseEnv({ REQUIRE_2FA: 'admins' }).REQUIRE_2FA).toBe('admins');
    expect(parseEnv({ REQUIRE_2FA: ' all ' }).REQUIRE_2FA).toBe('all');
    expect(() => parseEnv({ REQUIRE_2FA: 'yes' })).toThrow(/REQUIRE_2FA/);
  });

  it('keeps content versions 180 days unless REVISIONS_KEEP_DAYS says otherwise, and refuses nonsense', () => {
    expect(parseEnv({}).REVISIONS_KEEP_DAYS).toBe(180);
    expect(parseEnv({ REVISIONS_KEEP_DAYS: '30' }).REVISIONS_KEEP_DAYS).toBe(30);
    expect(() => parseEnv({ REVISIONS_KEEP_DAYS: '0' })).toThrow(/REVISIONS_KEEP_DAYS/);
    expect(() => parseEnv({ REVISIONS_KEEP_DAYS: 'много' })).toThrow(/REVISIONS_KEEP_DAYS/);
  });

  it('ends staff sessions 30 days after the sign-in unless SESSION_MAX_DAYS says otherwise', () => {
    expect(parseEnv({}).SESSION_MAX_DAYS).toBe(30);
    expect(parseEnv({ SESSION_MAX_DAYS: '7' }).SESSION_MAX_DAYS).toBe(7);
    expect(() => parseEnv({ SESSION_MAX_DAYS: '0' })).toThrow(/SESSION_MAX_DAYS/);
    expect(() => parseEnv({ SESSION_MAX_DAYS: 'навсегда' })).toThrow(/SESSION_MAX_DAYS/);
  });

  it('checks the LISTEN connection every 10 s and calls it lost after 5 s of silence by default', () => {
    expect(parseEnv({})).toMatchObject({ LISTEN_CHECK_MS: 10_000, LISTEN_TIMEOUT_MS: 5_000 });
    expect(() => parseEnv({ LISTEN_CHECK_MS: '5' })).toThrow(/LISTEN_CHECK_MS/);
  });

  it('refuses an invalid port with a clear message', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('requires SESSION_SECRET in production with PostgreSQL', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toThrow(
      /SESSION_SECRET: required when NODE_ENV=production and DATABASE_URL is set/,
    );
  });

  it('otherwise generates a secret once and keeps it in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadSessionSecret(parseEnv({}), dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadSessionSecret(parseEnv({}), dir)).toBe(first);
  });

  it('uses SESSION_SECRET when given and refuses a short one', () => {
    const secret = 'x'.repeat(40);
    expect(loadSessionSecret(parseEnv({ SESSION_SECRET: secret }), tempDir())).toBe(secret);
    expect(() => loadSessionSecret(parseEnv({ SESSION_SECRET: 'short' }), tempDir())).toThrow(/32/);
  });
});
