import { isIP } from 'node:net';
import { z } from 'zod';
import { ConfigError, exitOnStartupError } from '#app/infra/startup.server.ts';
import { MIN_FILL_MS } from '#app/lib/bid-form.ts';
import { MIN_PASSWORD_LENGTH } from '#app/lib/password.ts';
import { isTimeZone } from '#app/lib/staff-time.ts';
import { isHttpUrl } from '#app/lib/url.ts';

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** Names Express knows for address ranges (`trust proxy`). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY` (docs/security.md, "Client address"): absent, `0` or `false` — no proxy, the socket address is the
 * client; a hop count (`1` for one reverse proxy); or the proxies' addresses/CIDRs, comma-separated. Express's
 * `trust proxy` setting takes the result as it is.
 */
export const trustProxySchema = optionalString.transform((value, ctx): false | number | string[] => {
  if (value === undefined || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count from 0 to 10' });
    return hops;
  }
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = list.filter((part) => !isProxyAddress(part));
  if (!list.length || bad.length) {
    ctx.addIssue({
      code: 'custom',
      message: `a hop count or comma-separated proxy addresses/CIDRs (not understood: ${bad.join(', ') || value})`,
    });
  }
  return list;
});

const httpUrl = optionalString.pipe(
  z
    .string()
    .refine(isHttpUrl, { error: 'must be an http(s) URL such as https://club.example' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
);

/** A whole number of days from 1 to `max`, `fallback` when absent. */
const days = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be at least 1 day' })
    .max(max, { error: `must be at most ${max} days` })
    .default(fallback);

/** A whole number of milliseconds from `min` to `max`, `fallback` when absent. */
const milliseconds = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(min, { error: `must be at least ${min} ms` })
    .max(max, { error: `must be at most ${max} ms` })
    .default(fallback);

/** Every setting (README, configuration), parsed once at start-up. An absent optional integration is off. */
const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be a port number' })
    .max(65535, { error: 'must be a port number (at most 65535)' })
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL (leave it unset for the embedded database)' })
      .optional(),
  ),
  /** `1`: fill an empty database with the demo content; `0`: never. Absent: on the first start of PGlite only. */
  DEMO_CONTENT: optionalString.pipe(z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional()),
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, { error: 'must be at least 32 characters long (e.g. openssl rand -hex 32)' }).optional(),
  ),
  /**
   * The club network's zone: staff times of records without a gym, the dashboard's days, the bid filters' dates.
   * Absent: the first gym's zone (docs/product/staff.md, "Times").
   */
  CLUB_TIME_ZONE: optionalString.pipe(
    z
      .string()
      .refine(isTimeZone, { error: 'must be an IANA time zone such as Europe/Moscow or Asia/Yekaterinburg' })
      .optional(),
  ),
  ADMIN_EMAIL: optionalString,
  /** Shorter than the staff minimum, the account could not be created and nobody could sign in: refused at start. */
  ADMIN_PASSWORD: optionalString.pipe(
    z
      .string()
      .min(MIN_PASSWORD_LENGTH, {
        error: `пароль короче ${MIN_PASSWORD_LENGTH} символов, с ним администратор не будет создан и войти будет нельзя: задайте пароль длиннее`,
      })
      .optional(),
  ),
  /**
   * Two-factor sign-in required of `admins` or of `all` staff; a password-only session of such a member is sent
   * through the second step at its next request. Absent = optional.
   */
  REQUIRE_2FA: optionalString.pipe(z.enum(['admins', 'all'], { error: 'must be admins or all' }).optional()),
  /** A staff session ends this many days after the sign-in, however busy (besides 7 days without use). */
  SESSION_MAX_DAYS: days(365, 30),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  YANDEX_METRIKA_ID: optionalString,
  YANDEX_MAPS_API_KEY: optionalString,
  /** S3-compatible storage: all four of endpoint, bucket and keys, or none (local disk). */
  S3_ENDPOINT: httpUrl,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** The signing region: `us-east-1` suits AWS-like defaults and MinIO; Yandex Object Storage wants `ru-central1`. */
  S3_REGION: optionalString.transform((value) => value ?? 'us-east-1'),
  S3_PUBLIC_URL: httpUrl,
  /** New-bid e-mail: `smtp://` or `smtps://`; needs BIDS_NOTIFY_EMAIL and PUBLIC_URL (the link in the letter). */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/.+/, {
        error: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.ru',
      })
      .optional(),
  ),
  /** The letters' sender; defaults to `Сайт клуба <no-reply@<PUBLIC_URL's host>>`. */
  SMTP_FROM: optionalString,
  BIDS_NOTIFY_EMAIL: optionalString.pipe(
    z
      .string()
      .refine((value) => value.split(',').every((address) => /^[^\s@]+@[^\s@]+$/.test(address.trim())), {
        error: 'must be an e-mail address (or several, separated by commas)',
      })
      .optional(),
  ),
  BIDS_WEBHOOK_URL: httpUrl,
  /** Key of the webhook's `X-Signature` HMAC; derived from the session secret when absent. */
  BIDS_WEBHOOK_SECRET: optionalString,
  /**
   * SMS to visitors through SMSC.ru's HTTP API (docs/decisions/0043-visitor-messages-through-the-outbox.md): the
   * account's login and password, an approved sender name (optional), and the API's address (a local stand-in in
   * tests). Needs PUBLIC_URL: every SMS carries the link to the booking.
   */
  SMSC_LOGIN: optionalString,
  SMSC_PASSWORD: optionalString,
  SMSC_SENDER: optionalString.pipe(
    z.string().max(11, { error: 'must be at most 11 characters (an SMS sender name)' }).optional(),
  ),
  SMSC_URL: httpUrl.transform((value) => value ?? 'https://smsc.ru'),
  /** The outbox's first retry comes after this many seconds, then twice as long each time up to 6 hours. */
  OUTBOX_RETRY_BASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.05, { error: 'must be at least 0.05 seconds' })
    .max(3600, { error: 'must be at most 3600 seconds' })
    .default(30),
  /** How often the outbox worker looks for due rows (reminders are due at their own time). */
  OUTBOX_POLL_MS: milliseconds(50, 60_000, 5000),
  /** How often every instance looks for scheduled changes that are due (docs/product/scheduling.md). */
  SCHEDULER_POLL_MS: milliseconds(50, 60_000, 15_000),
  /**
   * The bid forms' minimum fill time (docs/bid-form.md): a form sent sooner after it was shown is refused as too fast.
   * The browser suite's servers shorten it, so that a test does not wait 2.5 s before each form it sends.
   */
  BID_MIN_FILL_MS: milliseconds(100, 60_000, MIN_FILL_MS),
  /**
   * Tests only: a file holding the moment (ISO) the scheduler and the schedule fields take as «now», so browser tests
   * move the clock forward instead of waiting (docs/product/scheduling.md). Never set in production.
   */
  TEST_CLOCK_FILE: optionalString,
  /** Saved versions of content older than this many days are pruned, except the newest 20 of each record. */
  REVISIONS_KEEP_DAYS: days(36_500, 180),
  /** Public origin used for canonical URLs, the sitemap, Open Graph and links in e-mail (e.g. https://club.example). */
  PUBLIC_URL: httpUrl,
  /** Which reverse proxies may tell the client's address, scheme and host; off by default (see trustProxySchema). */
  TRUST_PROXY: trustProxySchema,
  /** On SIGTERM `/readyz` answers 503 this long before the server stops accepting (one probe interval). */
  SHUTDOWN_READINESS_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  /** A shutdown that has not finished after this long closes the database and exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Turns on `/metrics` for requests with `Authorization: Bearer <token>`; absent = no such endpoint. */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, { error: 'must be at least 16 characters long (e.g. openssl rand -hex 16)' }).optional(),
  ),
  /**
   * The `LISTEN` connection that keeps every instance's caches exact is asked to answer this often and within
   * LISTEN_TIMEOUT_MS; silent, it counts as lost and the caches are off until it is back (docs/http-caching.md).
   */
  LISTEN_CHECK_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  LISTEN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** The in-process render cache of public pages (docs/http-caching.md): `off` renders every request. */
  RENDER_CACHE: z.enum(['on', 'off']).default('on'),
  /** Its bounds: pages kept and megabytes (page, its gzip copy and headers), least recently used out first. */
  RENDER_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(1000),
  RENDER_CACHE_MAX_MB: z.coerce.number().min(1).default(64),
});

export type Env = z.infer<typeof envSchema>;

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Rules across settings, on the raw values (so they are reported even when a single value is malformed too). */
function groupProblems(source: NodeJS.ProcessEnv): string[] {
  const has = (name: string) => Boolean(source[name]?.trim());
  const problems: string[] = [];
  if (has('NODE_ENV') && source.NODE_ENV?.trim() === 'production' && has('DATABASE_URL') && !has('SESSION_SECRET')) {
    problems.push(
      'SESSION_SECRET: required when NODE_ENV=production and DATABASE_URL is set (every instance must share it)',
    );
  }
  const s3Set = S3_REQUIRED.filter(has);
  if (s3Set.length > 0 && s3Set.length < S3_REQUIRED.length) {
    const missing = S3_REQUIRED.filter((name) => !has(name));
    problems.push(
      `S3: ${s3Set.join(', ')} set but ${missing.join(', ')} missing (set all four, or none for local disk)`,
    );
  } else if (s3Set.length === 0 && (has('S3_PUBLIC_URL') || has('S3_REGION'))) {
    problems.push(`S3: ${has('S3_PUBLIC_URL') ? 'S3_PUBLIC_URL' : 'S3_REGION'} set without ${S3_REQUIRED.join(', ')}`);
  }
  if (has('SMTP_URL')) {
    if (!has('BIDS_NOTIFY_EMAIL')) problems.push('BIDS_NOTIFY_EMAIL: required with SMTP_URL (where to send new bids)');
    if (!has('PUBLIC_URL')) problems.push('PUBLIC_URL: required with SMTP_URL (the letters link to the bid)');
  } else {
    for (const name of ['BIDS_NOTIFY_EMAIL', 'SMTP_FROM']) {
      if (has(name)) problems.push(`${name}: set without SMTP_URL (no e-mail can be sent)`);
    }
  }
  if (has('SMSC_LOGIN') !== has('SMSC_PASSWORD')) {
    problems.push(
      `SMS: ${has('SMSC_LOGIN') ? 'SMSC_PASSWORD' : 'SMSC_LOGIN'} missing (set both, or neither for no SMS)`,
    );
  } else if (has('SMSC_LOGIN') && !has('PUBLIC_URL')) {
    problems.push('PUBLIC_URL: required with SMSC_LOGIN (every SMS carries the link to the booking)');
  }
  if (!has('SMSC_LOGIN') && (has('SMSC_SENDER') || has('SMSC_URL'))) {
    problems.push(`${has('SMSC_SENDER') ? 'SMSC_SENDER' : 'SMSC_URL'}: set without SMSC_LOGIN (no SMS can be sent)`);
  }
  return problems;
}

/**
 * The validated settings, or `ConfigError` with one sentence per problem, SESSION_SECRET's first. Entry points
 * (server, CLIs) call it before they touch the database.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...groupProblems(source),
  ];
  if (problems.length > 0 || !result.success) {
    const first = (problem: string) => (problem.startsWith('SESSION_SECRET') ? 0 : 1);
    throw new ConfigError(problems.sort((a, b) => first(a) - first(b)));
  }
  return result.data;
}

/** `parseEnv()` for entry points (server, CLIs): a bad setting prints its problems and exits 1, without a stack. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    return exitOnStartupError(error);
  }
}

/** The sender of the bid letters: SMTP_FROM, else the club's no-reply address at PUBLIC_URL's host. */
export function mailSender(env: Pick<Env, 'SMTP_FROM' | 'PUBLIC_URL'>): string {
  if (env.SMTP_FROM) return env.SMTP_FROM;
  const host = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'localhost';
  return `Сайт клуба <no-reply@${host}>`;
}

/** Which channels to visitors are configured: SMS (SMSC) and e-mail (SMTP). */
export function visitorChannelsOf(env: Pick<Env, 'SMSC_LOGIN' | 'SMTP_URL' | 'PUBLIC_URL'>) {
  return { sms: Boolean(env.SMSC_LOGIN && env.PUBLIC_URL), email: Boolean(env.SMTP_URL && env.PUBLIC_URL) };
}

/** The settings the browser may see. Never put a secret here. */
export function publicEnv(env: Env) {
  return {
    yandexMetrikaId: env.YANDEX_METRIKA_ID ?? null,
    yandexMapsApiKey: env.YANDEX_MAPS_API_KEY ?? null,
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;
