import { isIP } from 'node:net';
import { z } from 'zod';
import { ConfigError, exitOnStartupError } from '#app/infra/startup.server.ts';

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

/** Every setting (README, configuration), parsed once at start-up. An absent optional integration is off. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  /** `1`: fill an empty database with the demo content; `0`: never. Absent: on the first start of PGlite only. */
  DEMO_CONTENT: optionalString.pipe(z.enum(['0', '1']).optional()),
  SESSION_SECRET: optionalString,
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  /** Two-factor sign-in required of `admins` or of `all` staff from their next sign-in on; absent = optional. */
  REQUIRE_2FA: optionalString.pipe(z.enum(['admins', 'all']).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  YANDEX_METRIKA_ID: optionalString,
  YANDEX_MAPS_API_KEY: optionalString,
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString,
  SMTP_URL: optionalString,
  BIDS_NOTIFY_EMAIL: optionalString,
  BIDS_WEBHOOK_URL: optionalString,
  /** Key of the webhook's `X-Signature` HMAC; derived from the session secret when absent. */
  BIDS_WEBHOOK_SECRET: optionalString,
  /** Saved versions of content older than this many days are pruned, except the newest 20 of each record. */
  REVISIONS_KEEP_DAYS: z.coerce.number().int().min(1).max(36_500).default(180),
  /** Public origin used for canonical URLs, the sitemap and Open Graph (e.g. https://club.example). */
  PUBLIC_URL: optionalString,
  /** Which reverse proxies may tell the client's address, scheme and host; off by default (see trustProxySchema). */
  TRUST_PROXY: trustProxySchema,
  /** On SIGTERM `/readyz` answers 503 this long before the server stops accepting (one probe interval). */
  SHUTDOWN_READINESS_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  /** A shutdown that has not finished after this long closes the database and exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

/** The validated settings, or `ConfigError` listing every problem. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
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

/** The settings the browser may see. Never put a secret here. */
export function publicEnv(env: Env) {
  return {
    yandexMetrikaId: env.YANDEX_METRIKA_ID ?? null,
    yandexMapsApiKey: env.YANDEX_MAPS_API_KEY ?? null,
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;
