import { describe, expect, it } from 'vitest';
import { gymCookie, readGymCookie, resolveActiveGymId } from '#app/services/active-gym.server.ts';

const gyms = [{ id: 2 }, { id: 1 }, { id: 3 }];

describe('active gym (SPEC §4)', () => {
  it('uses the gym from the cookie when it is published', () => {
    expect(resolveActiveGymId(gyms, 3)).toBe(3);
  });

  it('defaults to gym 1', () => {
    expect(resolveActiveGymId(gyms, null)).toBe(1);
    expect(resolveActiveGymId(gyms, 99)).toBe(1);
  });

  it('falls back to the first published gym when gym 1 does not exist', () => {
    expect(resolveActiveGymId([{ id: 5 }, { id: 7 }], null)).toBe(5);
    expect(resolveActiveGymId([], null)).toBeNull();
  });

  it('remembers the choice for a year', async () => {
    const header = await gymCookie.serialize('2');
    expect(header).toMatch(/Max-Age=31536000/);
    const cookie = header.split(';')[0]!;
    expect(await readGymCookie(new Request('http://x/', { headers: { Cookie: cookie } }))).toBe(2);
  });

  it('ignores a garbage cookie', async () => {
    expect(await readGymCookie(new Request('http://x/', { headers: { Cookie: 'gym=abc' } }))).toBeNull();
  });
});
