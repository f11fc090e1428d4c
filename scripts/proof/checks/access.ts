/**
 * Access: every `/admin` page (loader) and action from app/routes.ts refuses the anonymous visitor and changes
 * nothing; an editor cannot reach what is for admins only (docs/product/staff.md).
 */
import { withPgClient } from '#scripts/lib/pg-client.ts';
import { changedTables, fingerprint } from '#scripts/proof/db.ts';
import { formBody, nextLoopback, send } from '#scripts/proof/http.ts';
import { record } from '#scripts/proof/report.ts';
import { adminRoutes, fillParams } from '#scripts/proof/routes.ts';
import type { RunningServer } from '#scripts/proof/server.ts';
import { EDITOR } from '#scripts/proof/server.ts';
import { signIn } from '#scripts/proof/staff.ts';

function refusedAnonymous(status: number, location: string) {
  return ((status === 302 || status === 303) && location.startsWith('/login')) || [401, 403, 404, 405].includes(status);
}

export async function accessCheck(server: RunningServer, databaseUrl: string, options: { postsPerRoute: number }) {
  const patterns = [...new Map(adminRoutes().map((route) => [route.pattern, route])).values()];
  const before = await fingerprint(databaseUrl);
  const leaks: string[] = [];
  let requests = 0;
  for (const { pattern } of patterns) {
    const url = `${server.base}${fillParams(pattern)}`;
    const address = nextLoopback();
    const get = await send(url, { localAddress: address });
    requests += 1;
    if (!refusedAnonymous(get.status, String(get.headers.location ?? ''))) leaks.push(`GET ${pattern} → ${get.status}`);
    for (const fields of [
      { intent: 'delete' } as Record<string, string>,
      { intent: 'create', email: 'anon@proof.test', password: 'anonymous-password-1', role: 'admin' },
      { intent: 'publish', id: '1' },
      { full_name: 'Аноним', title: 'Аноним', name: 'Аноним', published: 'on' },
    ].slice(0, options.postsPerRoute) as Array<Record<string, string>>) {
      const { body, headers } = formBody(fields);
      const post = await send(url, { method: 'POST', body, headers, localAddress: address });
      requests += 1;
      if (!refusedAnonymous(post.status, String(post.headers.location ?? ''))) {
        leaks.push(`POST ${pattern} → ${post.status}`);
      }
    }
  }
  const changed = changedTables(before, await fingerprint(databaseUrl));
  record(
    'access: anonymous /admin',
    `${patterns.length} routes, ${requests} requests, ${leaks.length} not refused${leaks.length ? ` (${leaks.slice(0, 3).join('; ')})` : ''}, changed tables: ${changed.join(',') || 'none'}`,
    'all refused, nothing changed',
    leaks.length === 0 && changed.length === 0,
  );

  // Editor: admins-only pages and actions.
  const editor = await signIn(server.base, EDITOR);
  const staffBefore = await fingerprint(databaseUrl);
  const adminId = await withPgClient(databaseUrl, async (client) => {
    const row = await client.query<{ id: number }>(
      "SELECT id FROM staff_users WHERE role = 'admin' ORDER BY id LIMIT 1",
    );
    return String(row.rows[0]!.id);
  });
  const findings: string[] = [];
  const page = await send(`${server.base}/admin/staff`, { localAddress: editor.address, jar: editor.jar });
  if (page.status !== 403) findings.push(`GET /admin/staff → ${page.status}`);
  for (const fields of [
    { intent: 'create', email: 'sneaky@proof.test', password: 'sneaky-password-12', role: 'admin', name: 'X' },
    { intent: 'disable', id: adminId },
    { intent: 'password', id: adminId, password: 'taken-over-password-1' },
    { intent: 'reset-2fa', id: adminId },
  ] as Array<Record<string, string>>) {
    const { body, headers } = formBody(fields);
    const post = await send(`${server.base}/admin/staff`, {
      method: 'POST',
      body,
      headers,
      localAddress: editor.address,
      jar: editor.jar,
    });
    if (post.status !== 403) findings.push(`POST /admin/staff ${fields.intent} → ${post.status}`);
  }
  const content = await send(`${server.base}/admin/coaches`, { localAddress: editor.address, jar: editor.jar });
  if (content.status !== 200) findings.push(`editor GET /admin/coaches → ${content.status} (should be 200)`);
  const staffChanged = changedTables(staffBefore, await fingerprint(databaseUrl)).filter(
    (table) => table !== 'sessions' && table !== 'audit_log',
  );
  record(
    'access: editor limits',
    `${findings.length} breaches${findings.length ? ` (${findings.join('; ')})` : ''}, changed tables: ${staffChanged.join(',') || 'none'}`,
    '/admin/staff 403 for every verb, nothing changed',
    findings.length === 0 && staffChanged.length === 0,
  );
}
