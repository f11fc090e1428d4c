import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '#app/infra/env.server.ts';

/**
 * `SESSION_SECRET` is required in production with PostgreSQL (several containers must share it);
 * otherwise a secret is generated once and kept in DATA_DIR so sessions survive restarts.
 */
export function loadSessionSecret(env: Env, dataDir: string): string {
  if (env.SESSION_SECRET) {
    if (env.SESSION_SECRET.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long');
    return env.SESSION_SECRET;
  }
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new Error('SESSION_SECRET is required when NODE_ENV=production and DATABASE_URL is set');
  }
  const file = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
