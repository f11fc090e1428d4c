/**
 * Bids as a visitor sends them without JavaScript (docs/bid-form.md): GET the page, read the form's hidden fields
 * (the signed token above all) and cookies, wait the minimum fill time, POST the form to its page. An acknowledged
 * bid is a redirect carrying `bid=sent`; it must then be a row of `bids`.
 */
import pg from 'pg';
import { CookieJar, formBody, type Reply, send } from '#scripts/proof/http.ts';

/** A little more than the 2.5 s minimum fill time of app/services/bid-token.server.ts. */
export const FILL_WAIT_MS = 2_700;

export interface ShownForm {
  action: string;
  fields: Record<string, string>;
  jar: CookieJar;
  shownAt: number;
}

function decode(value: string) {
  return value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'");
}

/** The first bid form of an HTML page: its action and hidden fields. */
export function readBidForm(html: string, pagePath: string): Omit<ShownForm, 'jar' | 'shownAt'> | null {
  const form = /<form[^>]*class="bid-form[^"]*"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) return null;
  const action = /action="([^"]*)"/.exec(form[0])?.[1];
  const fields: Record<string, string> = {};
  for (const input of form[1]!.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields[name] = decode(value);
  }
  if (!fields.token) return null;
  return { action: action ? decode(action) : pagePath, fields };
}

export async function showForm(base: string, address: string, pagePath = '/'): Promise<ShownForm | Reply> {
  const jar = new CookieJar();
  const page = await send(`${base}${pagePath}`, { localAddress: address, jar });
  if (page.status !== 200) return page;
  const form = readBidForm(page.body, pagePath);
  if (!form) return { ...page, status: 0, error: 'no bid form on the page' };
  return { ...form, jar, shownAt: Date.now() };
}

export function isShownForm(value: ShownForm | Reply): value is ShownForm {
  return 'fields' in value;
}

let phoneCounter = 0;
/** A valid Russian mobile number, different on every call. */
function nextPhone() {
  phoneCounter += 1;
  return `+7912${String(1_000_000 + ((process.pid * 131 + phoneCounter) % 9_000_000)).slice(-7)}`;
}

/** Sends `form` from `address` with `marker` as the comment; true in `acknowledged` when the bid was accepted. */
export async function sendBid(base: string, address: string, form: ShownForm, marker: string) {
  const wait = form.shownAt + FILL_WAIT_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const { body, headers } = formBody({
    ...form.fields,
    website: '',
    name: 'Проверка Нагрузки',
    phone: nextPhone(),
    comment: marker,
    consent: 'on',
  });
  const url = form.action.startsWith('/') ? `${base}${form.action.split('#')[0]}` : form.action;
  const reply = await send(url, { method: 'POST', body, headers, localAddress: address, jar: form.jar });
  const location = String(reply.headers.location ?? '');
  return { reply, acknowledged: (reply.status === 302 || reply.status === 303) && location.includes('bid=sent') };
}

/** Which of `markers` are stored as bids, and how many rows carry a marker more than once. */
export async function storedBids(databaseUrl: string, markerPrefix: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ comment: string; n: string }>(
      'SELECT comment, count(*) AS n FROM bids WHERE comment LIKE $1 GROUP BY comment',
      [`${markerPrefix}%`],
    );
    const stored = new Set(rows.rows.map((row) => row.comment));
    const duplicates = rows.rows.filter((row) => Number(row.n) > 1).length;
    return { stored, duplicates, total: rows.rows.reduce((sum, row) => sum + Number(row.n), 0) };
  } finally {
    await client.end();
  }
}
