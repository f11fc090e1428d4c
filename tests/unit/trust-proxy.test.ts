import { describe, expect, it } from 'vitest';
import { parseEnv } from '#app/infra/env.server.ts';

describe('TRUST_PROXY', () => {
  it('is off by default: the socket address is the client', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count or proxy addresses and CIDRs', () => {
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'fd00::/8',
    ]);
    expect(parseEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
  });

  it('refuses anything else with a message naming the setting', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY.*10\.0\.0\.0\/33/);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY/);
  });

  it('has a drain sequence with defaults of 5 s readiness and a 10 s bound', () => {
    expect(parseEnv({})).toMatchObject({ SHUTDOWN_READINESS_DELAY_MS: 5000, SHUTDOWN_TIMEOUT_MS: 10_000 });
  });
});
