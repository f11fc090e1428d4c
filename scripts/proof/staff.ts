/** Staff sessions for the proof suite: sign in through `/login` like a person without JavaScript. */
import { execFileSync } from 'node:child_process';
import { CookieJar, formBody, nextLoopback, send } from '#scripts/proof/http.ts';

export interface Session {
  jar: CookieJar;
  address: string;
}

export async function signIn(base: string, account: { email: string; password: string }): Promise<Session> {
  const address = nextLoopback();
  const jar = new CookieJar();
  const { body, headers } = formBody({ email: account.email, password: account.password, redirectTo: '/admin' });
  const reply = await send(`${base}/login`, { method: 'POST', body, headers, localAddress: address, jar });
  if (reply.status !== 302 && reply.status !== 303) {
    throw new Error(`sign-in of ${account.email} answered ${reply.status}`);
  }
  const check = await send(`${base}/admin`, { localAddress: address, jar });
  if (check.status !== 200) throw new Error(`after sign-in /admin answered ${check.status}`);
  return { jar, address };
}

/** Creates a staff account through the CLI (`npm run staff -- create … --role …`). */
export function createStaff(
  databaseUrl: string,
  dataDir: string,
  account: { email: string; password: string },
  role: string,
) {
  execFileSync('npm', ['run', '-s', 'staff', '--', 'create', account.email, '--role', role, '--name', 'Проверка'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, STAFF_PASSWORD: account.password },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Every `name`/value of the inputs, selects and textareas of the first POST form (or all forms) of a page. */
export function formFields(html: string): Array<[string, string]> {
  const forms = [...html.matchAll(/<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)].map((match) => match[1]!);
  const body = forms.sort((a, b) => b.length - a.length)[0] ?? '';
  const fields: Array<[string, string]> = [];
  for (const tag of body.matchAll(/<(input|select|textarea)\b[^>]*>/gi)) {
    const name = /\bname="([^"]+)"/.exec(tag[0])?.[1];
    if (!name) continue;
    const type = /\btype="([^"]+)"/.exec(tag[0])?.[1] ?? 'text';
    if (type === 'file' || type === 'submit') continue;
    const value = /\bvalue="([^"]*)"/.exec(tag[0])?.[1] ?? (type === 'checkbox' ? 'on' : '');
    fields.push([name, value.replaceAll('&amp;', '&').replaceAll('&quot;', '"')]);
  }
  return fields;
}
