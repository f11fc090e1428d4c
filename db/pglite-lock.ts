/**
 * One process at a time on a PGlite data directory (docs/decisions/0030-pglite-directory-lock.md). PGlite has no
 * server: two processes writing the same directory corrupt it. The owner writes `<dir>.lock` (next to the
 * directory, never inside it) with its pid; another process refuses to open the directory while that pid lives,
 * and takes over a lock whose process is gone.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Who holds the directory, in the words of the refusal message. */
export type LockOwner =
  | 'сервер'
  | 'управление сотрудниками'
  | 'миграции'
  | 'демо-наполнение'
  | 'резервное копирование'
  | 'восстановление из копии'
  | 'скрипт';

interface LockRecord {
  pid: number;
  owner: string;
  startedAt: string;
}

/** Refusal to open a directory another living process holds; its message is meant for the operator as is. */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
  readonly dataDir: string;
  readonly holder: { pid: number; owner: string };
  constructor(dataDir: string, holder: { pid: number; owner: string }) {
    super(
      `База данных в ${displayPath(dataDir)} уже открыта процессом ${holder.pid} (${holder.owner}). ` +
        'Остановите его или используйте DATABASE_URL.',
    );
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') ? relative : dir;
}

export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir).replace(/[\\/]+$/, '')}.lock`;
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockRecord | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockRecord>;
    return typeof parsed.pid === 'number'
      ? { pid: parsed.pid, owner: String(parsed.owner ?? '?'), startedAt: '' }
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of `dataDir` for this process or throws `DatabaseLockedError`. A lock left by a dead process — or
 * by this very pid, which happens when a container restarts and its server is pid 1 again — is stale and taken
 * over. Returns the release function (also run on process exit).
 */
export function acquirePgliteLock(dataDir: string, owner: LockOwner | string): () => void {
  const file = lockFileOf(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const record: LockRecord = { pid: process.pid, owner, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.writeFileSync(file, JSON.stringify(record), { flag: 'wx', mode: 0o644 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
    const holder = readLock(file);
    // An unreadable lock is being written this very moment (or is garbage): look again shortly, then take it.
    if (holder && holder.pid !== process.pid && isProcessAlive(holder.pid)) {
      throw new DatabaseLockedError(dataDir, holder);
    }
    if (!holder && attempt === 0) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    fs.rmSync(file, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: a process that took a stale one over must keep it.
    if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
