/**
 * Fuzz: generated bad submissions (wrong types, huge values, missing and duplicated fields, unicode edge cases, NUL,
 * broken bodies, wrong content types) to every public action and, signed in, every staff action. Nothing may answer
 * 5xx or fail below HTTP, no bid may be stored and no stored text may carry a control character.
 */
import { withPgClient } from '#scripts/lib/pg-client.ts';
import { changedTables, fingerprint, invalidTextRows } from '#scripts/proof/db.ts';
import { nextLoopback, type Reply, send } from '#scripts/proof/http.ts';
import { record } from '#scripts/proof/report.ts';
import { adminRoutes, fillParams } from '#scripts/proof/routes.ts';
import type { RunningServer } from '#scripts/proof/server.ts';
import { ADMIN } from '#scripts/proof/server.ts';
import { formFields, type Session, signIn } from '#scripts/proof/staff.ts';

const NASTY_VALUES = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(50),
  '\uFFFF',
  '\uFEFF',
  '\u202Eевил',
  '\u200B\u200C\u200D',
  'Z\u0351\u0352\u0353\u0354\u0355'.repeat(200),
  '👨‍👩‍👧‍👦'.repeat(100),
  '\uD800',
  '\uDFFF\uD800',
  '%00',
  '%',
  '%ZZ',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '1.5',
  '0x10',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '{"a":1}',
  '[]',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../../etc/passwd',
  'javascript:alert(1)',
  '2026-13-45',
  '25:99',
  '\r\n\r\n',
  '\t',
  'x'.repeat(5_000),
  'я'.repeat(100_000),
];

function rnd(n: number) {
  return Math.floor(Math.random() * n);
}
function pick<T>(list: readonly T[]): T {
  return list[rnd(list.length)]!;
}

/** One bad submission built from a real form's fields. */
export function badSubmission(fields: Array<[string, string]>): { body: Buffer; headers: Record<string, string> } {
  const form = 'application/x-www-form-urlencoded';
  const encode = (pairs: Array<[string, string]>) => Buffer.from(new URLSearchParams(pairs).toString());
  const mutate = (pairs: Array<[string, string]>) =>
    pairs.map(([name, value]): [string, string] => (Math.random() < 0.5 ? [name, pick(NASTY_VALUES)] : [name, value]));
  switch (rnd(12)) {
    case 0: // every field nasty
      return { body: encode(fields.map(([name]) => [name, pick(NASTY_VALUES)])), headers: { 'Content-Type': form } };
    case 1: // some fields missing
      return { body: encode(mutate(fields.filter(() => Math.random() < 0.4))), headers: { 'Content-Type': form } };
    case 2: // duplicated fields
      return {
        body: encode([...mutate(fields), ...fields.map(([name]): [string, string] => [name, pick(NASTY_VALUES)])]),
        headers: { 'Content-Type': form },
      };
    case 3: {
      // one huge value (1.2 MB once encoded), the rest as shown
      const huge = rnd(Math.max(fields.length, 1));
      return {
        body: encode(fields.map(([name, value], i) => [name, i === huge ? 'Ж'.repeat(200_000) : value])),
        headers: { 'Content-Type': form },
      };
    }
    case 4: // JSON
      return {
        body: Buffer.from(JSON.stringify(Object.fromEntries(mutate(fields)))),
        headers: { 'Content-Type': pick(['application/json', form, 'text/plain']) },
      };
    case 5: // raw bytes: invalid UTF-8, NUL, broken percent escapes
      return {
        body: Buffer.concat([
          Buffer.from(`${fields[0]?.[0] ?? 'a'}=`),
          Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x25, 0x25, 0x80]),
          Buffer.from('&=&&==%G0'),
        ]),
        headers: { 'Content-Type': form },
      };
    case 6: // broken multipart
      return {
        body: Buffer.from(`--xx\r\nContent-Disposition: form-data; name="${fields[0]?.[0] ?? 'a'}"\r\n\r\n\u0000val`),
        headers: {
          'Content-Type': pick([
            'multipart/form-data; boundary=xx',
            'multipart/form-data',
            'multipart/form-data; boundary=',
          ]),
        },
      };
    case 7: // no content type / odd ones
      return {
        body: encode(mutate(fields)),
        headers: pick<Record<string, string>>([
          {},
          { 'Content-Type': 'application/xml' },
          { 'Content-Type': `${form}; charset=utf-16` },
          { 'Content-Type': '' },
        ]),
      };
    case 8: // empty body
      return { body: Buffer.alloc(0), headers: { 'Content-Type': form } };
    case 9: // unknown fields only
      return {
        body: encode([[pick(NASTY_VALUES).slice(0, 100) || 'x', pick(NASTY_VALUES)]]),
        headers: { 'Content-Type': form },
      };
    case 10: // bracketed / prototype names
      return {
        body: encode([
          ['__proto__[polluted]', '1'],
          ['constructor[prototype][x]', '1'],
          [`${fields[0]?.[0] ?? 'a'}[]`, '1'],
          ...mutate(fields),
        ]),
        headers: { 'Content-Type': form },
      };
    default: // one field wrong, the rest as shown
      return { body: encode(mutate(fields)), headers: { 'Content-Type': form } };
  }
}

interface Target {
  name: string;
  path: string;
  fields: Array<[string, string]>;
  session?: Session;
}

async function fuzzTarget(base: string, target: Target, count: number, concurrency: number) {
  const failures: string[] = [];
  let sent = 0;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < count) {
        sent += 1;
        const { body, headers } = badSubmission(target.fields);
        const reply: Reply = await send(`${base}${target.path}`, {
          method: 'POST',
          body,
          headers,
          localAddress: target.session?.address ?? nextLoopback(),
          jar: target.session?.jar,
          timeoutMs: 30_000,
        });
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (reply.status >= 500 || reply.status === 0)
          failures.push(`${reply.status}${reply.error ? ` ${reply.error}` : ''}`);
      }
    }),
  );
  return { failures, statuses, sent };
}

export async function fuzzCheck(server: RunningServer, databaseUrl: string, options: { perAction: number }) {
  const base = server.base;
  const admin = await signIn(base, ADMIN);
  const targets: Target[] = [];
  // Public actions: every bid form page, the sign-in steps, the gym switch, logging out.
  for (const path of ['/', '/new', '/promos', '/coaches/1', '/trainings/1']) {
    const page = await send(`${base}${path}`);
    const fields = formFields(page.body);
    const action = /<form[^>]*class="bid-form[^"]*"[^>]*action="([^"]*)"/
      .exec(page.body)?.[1]
      ?.replaceAll('&amp;', '&');
    targets.push({ name: `bid ${path}`, path: action?.split('#')[0] ?? path, fields });
  }
  targets.push({
    name: 'login',
    path: '/login',
    fields: [
      ['email', ''],
      ['password', ''],
      ['redirectTo', '/admin'],
    ],
  });
  targets.push({
    name: 'login/code',
    path: '/login/code',
    fields: [
      ['code', ''],
      ['redirectTo', '/admin'],
    ],
  });
  targets.push({
    name: 'login/setup-2fa',
    path: '/login/setup-2fa',
    fields: [
      ['code', ''],
      ['secret', ''],
    ],
  });
  targets.push({
    name: 'gym',
    path: '/gym',
    fields: [
      ['gymId', '1'],
      ['redirectTo', '/'],
    ],
  });

  // Staff actions: every /admin route that has a form, signed in as an admin (delete pages last).
  const staffTargets: Target[] = [];
  for (const { pattern } of new Map(adminRoutes().map((route) => [route.pattern, route])).values()) {
    if (pattern.endsWith('.csv')) continue;
    const path = fillParams(pattern);
    const page = await send(`${base}${path}`, { localAddress: admin.address, jar: admin.jar });
    if (page.status !== 200) continue;
    const fields = formFields(page.body);
    staffTargets.push({ name: `staff ${pattern}`, path, fields, session: admin });
  }
  staffTargets.sort((a, b) => Number(a.path.endsWith('/delete')) - Number(b.path.endsWith('/delete')));
  targets.push(...staffTargets);

  const bidsBefore = await withPgClient(databaseUrl, async (client) =>
    Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM bids')).rows[0]!.n),
  );
  const staffBefore = await fingerprint(databaseUrl);
  let total = 0;
  const all5xx: string[] = [];
  for (const target of targets) {
    const started = Date.now();
    const result = await fuzzTarget(base, target, options.perAction, 8);
    const split = [...result.statuses].map(([status, n]) => `${n}× ${status || 'no answer'}`).join(', ');
    console.log(`    ${target.name}: ${result.sent} in ${((Date.now() - started) / 1000).toFixed(1)} s (${split})`);
    total += result.sent;
    if (result.failures.length)
      all5xx.push(`${target.name}: ${result.failures.length}× ${[...new Set(result.failures)].slice(0, 2).join('/')}`);
  }
  const bidsAfter = await withPgClient(databaseUrl, async (client) =>
    Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM bids')).rows[0]!.n),
  );
  const invalid = await invalidTextRows(databaseUrl);
  const changed = changedTables(staffBefore, await fingerprint(databaseUrl));
  record(
    'fuzz: 5xx / no answer',
    `${all5xx.length ? all5xx.slice(0, 4).join('; ') : '0'} in ${total} submissions to ${targets.length} actions (${options.perAction} each)`,
    '0',
    all5xx.length === 0,
  );
  record(
    'fuzz: invalid rows',
    `${bidsAfter - bidsBefore} bids stored, ${invalid.length ? invalid.map((row) => `${row.table}.${row.column}: ${row.n}`).join(', ') : '0 rows with control characters'}; tables changed by staff fuzz: ${changed.join(',') || 'none'}`,
    '0 bids, 0 invalid rows',
    bidsAfter === bidsBefore && invalid.length === 0,
  );
}
