/** Plain HTTP for the proof suite: one request from a chosen loopback address, a cookie jar, form bodies. */
import http from 'node:http';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  /** Set when the request failed below HTTP (refused, reset, timed out). */
  error?: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  localAddress?: string;
  agent?: http.Agent;
  timeoutMs?: number;
  jar?: CookieJar;
}

export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** One request; never rejects: a transport failure is a Reply with status 0 and `error`. */
export function send(url: string, options: RequestOptions = {}): Promise<Reply> {
  const started = performance.now();
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  const headers: Record<string, string> = { 'User-Agent': BROWSER_UA, ...options.headers };
  if (body) headers['Content-Length'] = String(body.length);
  const cookie = options.jar?.header();
  if (cookie) headers.Cookie = cookie;
  return new Promise((resolve) => {
    let settled = false;
    const done = (reply: Omit<Reply, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...reply, ms: performance.now() - started });
    };
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers,
        localAddress: options.localAddress,
        agent: options.agent ?? false,
      },
      (response) => {
        options.jar?.store(response.headers['set-cookie']);
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', (error) => done({ status: 0, headers: {}, body: '', error: error.message }));
      },
    );
    request.setTimeout(options.timeoutMs ?? 15_000, () => request.destroy(new Error('timeout')));
    request.on('error', (error) => done({ status: 0, headers: {}, body: '', error: error.message }));
    request.end(body);
  });
}

export class CookieJar {
  readonly cookies = new Map<string, string>();
  store(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export function formBody(fields: Record<string, string> | Array<[string, string]>): {
  body: string;
  headers: Record<string, string>;
} {
  const params = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields));
  return { body: params.toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
}

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export function multipartBody(fields: Array<[string, string]>, files: FilePart[]) {
  const boundary = `----proof${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

let addressCounter = 0;
/** A loopback source address of its own for every caller (the bid and login limits count per address). */
export function nextLoopback(): string {
  addressCounter += 1;
  const n = addressCounter + (process.pid % 97) * 40_000;
  return `127.${10 + ((n >> 16) % 240)}.${(n >> 8) & 255}.${n & 255 || 1}`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
