// `npm start`'s build step: builds only when the build is missing or older than a source file, so a second
// `npm start` in a row starts at once. Plain JavaScript, run after scripts/preflight.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What the build is made of: a newer file among these means the build is stale. */
const SOURCES = [
  'app',
  'server',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
  'tsconfig.json',
];
const BUILD_MARK = 'build/server/index.js';

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Why the build must be made again, or null when it is current. */
export function staleReason(root = process.cwd()) {
  let built;
  try {
    built = fs.statSync(path.join(root, BUILD_MARK)).mtimeMs;
  } catch {
    return 'сборки ещё нет';
  }
  const newest = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
  return newest > built ? 'исходники новее сборки' : null;
}

/** `6 с`, `1 мин 5 с`: how long the build took, said after it (no estimate before: machines differ tenfold). */
export function durationText(ms) {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 60 ? `${seconds} с` : `${Math.floor(seconds / 60)} мин ${seconds % 60} с`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const reason = staleReason();
  if (reason) {
    console.error(`Собираю сайт (${reason})…`);
    const started = Date.now();
    // The bundler's 70-line table of assets means nothing to a person starting the site: it is kept for a failure.
    const result = spawnSync('npm', ['run', 'build', '-s'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      shell: process.platform === 'win32',
    });
    if (result.status !== 0) {
      process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      console.error('Сборка не удалась: ошибки выше.');
      process.exit(result.status ?? 1);
    }
    console.error(`Сайт собран за ${durationText(Date.now() - started)}.`);
  } else {
    console.error('Сборка актуальна, запускаю сервер…');
  }
}
