import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** Every setting (README, configuration), parsed once at start-up. An absent optional integration is off. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
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
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

/** The settings the browser may see. Never put a secret here. */
export function publicEnv(env: Env) {
  return {
    yandexMetrikaId: env.YANDEX_METRIKA_ID ?? null,
    yandexMapsApiKey: env.YANDEX_MAPS_API_KEY ?? null,
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;
