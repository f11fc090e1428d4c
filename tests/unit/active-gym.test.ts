import { describe, expect, it } from 'vitest';
import { AppLoadContext, type AppServices, type RequestInfo } from '#app/infra/load-context.server.ts';
import type { PublicGym } from '#app/models/gym.server.ts';
import {
  getActiveGym,
  gymCookie,
  provideActiveGym,
  readGymCookie,
  resolveActiveGymId,
} from '#app/services/active-gym.server.ts';

const gyms = [{ id: 2 }, { id: 1 }, { id: 3 }];

describe('active gym', () => {
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

  it("is worked out once per request, with the gym's zone and local date", async () => {
    let loads = 0;
    const gym = (id: number, timeZone: string) => ({ id, name: `Клуб ${id}`, timeZone }) as PublicGym;
    const services = {
      database: { db: null },
      cache: {
        get: async () => {
          loads += 1;
          return [gym(1, 'Europe/Moscow'), gym(2, 'Asia/Yekaterinburg')];
        },
      },
    } as unknown as AppServices;
    const context = new AppLoadContext(services, {} as RequestInfo);
    const cookie = (await gymCookie.serialize('2')).split(';')[0]!;
    provideActiveGym(context, new Request('http://x/', { headers: { Cookie: cookie } }));
    const [first, second] = await Promise.all([getActiveGym(context), getActiveGym(context)]);
    expect(await getActiveGym(context)).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
    expect(first).toMatchObject({ id: 2, timeZone: 'Asia/Yekaterinburg', gym: { name: 'Клуб 2' } });
    expect(first.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
