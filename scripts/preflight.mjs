// Checks that run before `npm start`, `npm run dev`, `npm test` and the CLIs, in plain JavaScript so that they work
// on any Node: on an old one `node server.ts` fails before a line of ours runs (ERR_UNKNOWN_FILE_EXTENSION), with a
// message that does not say what to do. `node scripts/preflight.mjs chromium` also checks for the browser tests'
// Chromium. Exit code 1 and one line in Russian per problem.
import fs from 'node:fs';

const REQUIRED_NODE = 24;
const problems = [];

const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_NODE) {
  problems.push(
    `Нужен Node.js ${REQUIRED_NODE} или новее, а запущен ${process.version}: он не умеет запускать TypeScript-файлы ` +
      `сервера. Установите Node.js ${REQUIRED_NODE} (https://nodejs.org/) и повторите.`,
  );
}

if (process.argv.includes('chromium')) {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  if (!candidates.some((file) => file && fs.existsSync(file))) {
    problems.push(
      process.env.CHROMIUM_PATH
        ? `Chromium не найден по пути CHROMIUM_PATH=${process.env.CHROMIUM_PATH}: укажите верный путь или установите Chromium: apt-get install -y chromium`
        : 'Для браузерных тестов нужен Chromium. Установите Chromium: apt-get install -y chromium (или укажите путь в CHROMIUM_PATH).',
    );
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
