import { describe, expect, it } from 'vitest';
import { clientKey, retryAfterHeaders } from '#app/infra/too-many-requests.server.ts';
import { itMaps } from '#tests/fixtures/table-tests.ts';

describe('rate-limit client keys', () => {
  itMaps('counts IPv4 addresses one by one, mapped or not', clientKey, [
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
  ]);

  itMaps('counts IPv6 addresses by their /64 network', clientKey, [
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ]);

  it('tells neighbouring IPv6 networks apart', () => {
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });

  itMaps('puts unknown and malformed addresses in one bucket', clientKey, [
    [null, 'unknown'],
    ['not-an-ip', 'unknown'],
  ]);

  it('answers whole seconds of at least one in Retry-After', () => {
    expect(retryAfterHeaders(0)).toEqual({ 'Retry-After': '1' });
    expect(retryAfterHeaders(899.2)).toEqual({ 'Retry-After': '900' });
  });
});
