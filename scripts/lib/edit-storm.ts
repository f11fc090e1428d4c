/**
 * `npm run bench`'s edit storm: a member of staff saves a record once a second, as a person without JavaScript
 * would (the edit page's form as it stands, one field changed, posted back), while autocannon reads `/`. Every save
 * clears the render cache on the server (docs/http-caching.md), so the readers meet a cleared cache every second.
 */
import autocannon from 'autocannon';
import { multipartBody, send } from '#scripts/proof/http.ts';
import { signIn } from '#scripts/proof/staff.ts';

/** The record the storm edits: a partner (a name, a site, a logo), shown on the public pages. */
const EDITED = '/admin/partners/1';
const MARK = ' ·';

const decode = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * What the edit page's largest POST form would send as it stands: inputs (checkboxes and radios only when checked,
 * no files), the text of textareas, the selected options of selects.
 */
export function currentFormValues(html: string): Array<[string, string]> {
  const forms = [...html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)].map((match) => match[1]!);
  const form = forms.sort((a, b) => b.length - a.length)[0] ?? '';
  const fields: Array<[string, string]> = [];
  for (const match of form.matchAll(
    /<input\b[^>]*>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>|<select\b([^>]*)>([\s\S]*?)<\/select>/gi,
  )) {
    const [tag, textareaAttributes, textareaText, selectAttributes, options] = match;
    if (textareaAttributes !== undefined) {
      const name = attribute(`<textarea${textareaAttributes}>`, 'name');
      if (name) fields.push([name, decode(textareaText ?? '')]);
      continue;
    }
    if (selectAttributes !== undefined) {
      const name = attribute(`<select${selectAttributes}>`, 'name');
      if (!name) continue;
      const all = [...(options ?? '').matchAll(/<option\b[^>]*>/gi)].map((option) => option[0]);
      const selected = all.filter((option) => /\sselected(?:=""|\s|>)/.test(option));
      for (const option of selected.length ? selected : all.slice(0, 1)) {
        fields.push([name, decode(attribute(option, 'value') ?? '')]);
      }
      continue;
    }
    const name = attribute(tag, 'name');
    const type = (attribute(tag, 'type') ?? 'text').toLowerCase();
    if (!name || ['file', 'submit', 'button', 'reset', 'image'].includes(type)) continue;
    if ((type === 'checkbox' || type === 'radio') && !/\schecked(?:=""|\s|>|\/)/.test(tag)) continue;
    fields.push([name, decode(attribute(tag, 'value') ?? (type === 'checkbox' ? 'on' : ''))]);
  }
  return fields;
}

export interface EditStormResult {
  seconds: number;
  saves: number;
  failedSaves: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  goalP99Ms: number;
}

/**
 * Reads `/` with `connections` for `seconds` while the staff member saves once a second; `base` is a server started
 * with ADMIN_EMAIL/ADMIN_PASSWORD set to `account`.
 */
export async function editStorm(
  base: string,
  account: { email: string; password: string },
  { seconds, connections }: { seconds: number; connections: number },
): Promise<EditStormResult> {
  const staff = await signIn(base, account);
  let saves = 0;
  let failedSaves = 0;
  let storming = true;
  const saving = (async () => {
    while (storming) {
      const started = Date.now();
      const page = await send(`${base}${EDITED}`, { localAddress: staff.address, jar: staff.jar });
      const fields = currentFormValues(page.body).map(([name, value]): [string, string] =>
        name === 'name' ? [name, value.endsWith(MARK) ? value.slice(0, -MARK.length) : value + MARK] : [name, value],
      );
      const { body, headers } = multipartBody(fields, []);
      const saved = await send(`${base}${EDITED}`, {
        method: 'POST',
        body,
        headers,
        localAddress: staff.address,
        jar: staff.jar,
      });
      if (saved.status === 302 || saved.status === 303) saves += 1;
      else failedSaves += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))));
    }
  })();
  const reading = await autocannon({ url: `${base}/`, connections, duration: seconds });
  storming = false;
  await saving;
  return {
    seconds,
    saves,
    failedSaves,
    requestsPerSecond: Math.round(reading.requests.average),
    p50Ms: reading.latency.p50,
    p99Ms: reading.latency.p99,
    goalP99Ms: 100,
  };
}
