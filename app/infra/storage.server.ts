/**
 * Where uploaded images live. Local disk by default; an S3-compatible adapter can implement the same
 * interface. Keys are relative paths such as `seed/Ab3xK9.jpg`; the public URL of a key is
 * `publicImageUrl(key)` (`/imgs/<key>`).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

/** `${DATA_DIR}/uploads`, the default root of local storage. */
export function defaultStorageRoot(dataDir = process.env.DATA_DIR ?? 'data'): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Keys come from our own code, but also from request paths (`/imgs/<key>`), so a key that could
 * leave the root — `..`, an absolute path, a backslash, a NUL byte — is refused outright.
 */
export function assertSafeStorageKey(key: string): void {
  const safe =
    key.length > 0 &&
    key.length <= 512 &&
    !key.startsWith('/') &&
    !/[\\\0]/.test(key) &&
    !path.isAbsolute(key) &&
    key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!safe) throw new InvalidStorageKeyError(`Unsafe storage key: ${JSON.stringify(key)}`);
}

export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  function resolveKey(key: string): string {
    assertSafeStorageKey(key);
    const file = path.resolve(root, key);
    // Belt and braces: the checks above already keep the path under the root.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(`Unsafe storage key: ${key}`);
    return file;
  }

  /**
   * The file's real path, which must lie under the root's real path: a symbolic link in the uploads (a careless
   * copy, a restored archive) never makes `/imgs/…` read a file elsewhere (docs/security.md, "Images").
   */
  async function realFile(key: string): Promise<string> {
    const [realRoot, real] = await Promise.all([fs.realpath(root), fs.realpath(resolveKey(key))]);
    if (!real.startsWith(realRoot + path.sep)) throw new InvalidStorageKeyError(`Storage key leads outside: ${key}`);
    return real;
  }

  return {
    async put(key, bytes) {
      // Write then rename, so a reader never sees a half-written file.
      await writeFileAtomically(resolveKey(key), bytes);
    },
    async get(key) {
      try {
        return await fs.readFile(await realFile(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(resolveKey(key), { force: true });
    },
  };
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
}

/**
 * S3-compatible object storage (AWS, Yandex Object Storage, MinIO…) with path-style URLs
 * (`<endpoint>/<bucket>/<key>`), signed with SigV4 by aws4fetch — no SDK needed for three verbs.
 */
export function createS3Storage(config: S3Config, fetchImpl: typeof fetch = fetch): Storage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region ?? 'us-east-1',
  });
  const base = `${config.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(config.bucket)}`;
  const urlOf = (key: string) => {
    assertSafeStorageKey(key);
    return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  };
  const send = async (key: string, init: RequestInit) => {
    const signed = await client.sign(urlOf(key), init);
    return fetchImpl(signed);
  };

  return {
    async put(key, bytes, contentType) {
      const response = await send(key, {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
      });
      if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status}`);
    },
    async get(key) {
      const response = await send(key, { method: 'GET' });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key} failed: ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await send(key, { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${response.status}`);
    },
  };
}

/** S3 when all four S3 settings are present (README, configuration), else local disk under `DATA_DIR/uploads`. */
export function createStorageFromEnv(
  env: {
    S3_ENDPOINT?: string;
    S3_BUCKET?: string;
    S3_ACCESS_KEY_ID?: string;
    S3_SECRET_ACCESS_KEY?: string;
    S3_REGION?: string;
  },
  dataDir: string,
): { storage: Storage; kind: 's3' | 'local' } {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    const storage = createS3Storage({
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      region: env.S3_REGION,
    });
    return { storage, kind: 's3' };
  }
  return { storage: createLocalStorage(defaultStorageRoot(dataDir)), kind: 'local' };
}

/** Writes `bytes` to `file` (creating its folder) through a temporary file and a rename: a reader never sees half. */
export async function writeFileAtomically(file: string, bytes: Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
