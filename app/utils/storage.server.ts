/**
 * Where uploaded images live. Local disk by default; an S3-compatible adapter can implement the same
 * interface. Keys are relative paths such as `seed/Ab3xK9.jpg`; the public URL of a key is
 * `publicImageUrl(key)` (`/imgs/<key>`).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

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

  return {
    async put(key, bytes) {
      const file = resolveKey(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees a half-written file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temp, bytes);
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolveKey(key);
      try {
        return await fs.readFile(file);
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
