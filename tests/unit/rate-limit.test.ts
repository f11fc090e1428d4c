import { describe, expect, it } from 'vitest';
import { clientKey, retryAfterHeaders } from '#app/services/rate-limit.server.ts';

describe('rate-limit client keys', () => {
  it('counts IPv4 addresses one by one, mapped or not', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64 network', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });

  it('puts unknown and malformed addresses in one bucket', () => {
    expect(clientKey(null)).toBe('unknown');
    expect(clientKey('not-an-ip')).toBe('unknown');
  });

  it('answers whole seconds of at least one in Retry-After', () => {
    expect(retryAfterHeaders(0)).toEqual({ 'Retry-After': '1' });
    expect(retryAfterHeaders(899.2)).toEqual({ 'Retry-After': '900' });
  });
});
