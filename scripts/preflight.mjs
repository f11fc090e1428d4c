// Checks that run before `npm start`, `npm run dev`, `npm test` and the CLIs, in plain JavaScript so that they work
// on any Node: on an old one `node server.ts` fails before a line of ours runs (ERR_UNKNOWN_FILE_EXTENSION), with a
// message that does not say what to do. `node scripts/preflight.mjs chromium` also checks for the browser tests'
// Chromium. Exit code 1 and one line in Russian per problem.
import fs from 'node:fs';

const REQUIRED_NODE = 24;
/** Works on a bare Debian with its old Node and npm: the npm registry's `node` package carries Node itself. */
const INSTALL_NODE =
  `npm install --prefix ~/.cache/node${REQUIRED_NODE} node@${REQUIRED_NODE} && ` +
  `export PATH=~/.cache/node${REQUIRED_NODE}/node_modules/node/bin:$PATH`;
const problems = [];

const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_NODE) {
  problems.push(
    `Нужен Node.js ${REQUIRED_NODE} или новее, а запущен ${process.version}: он не умеет запускать TypeScript-файлы ` +
      `сервера. Установите Node.js ${REQUIRED_NODE} и повторите, например: ${INSTALL_NODE} ` +
      `(или nvm install ${REQUIRED_NODE}, fnm install ${REQUIRED_NODE}; README, «Run it»).`,
  );
}

if (process.argv.includes('chromium')) {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  // A CHROMIUM_PATH that is set must be right; otherwise Debian's headless shell or Chromium, or Playwright's own, will do.
  const explicitMissing = Boolean(process.env.CHROMIUM_PATH) && !fs.existsSync(process.env.CHROMIUM_PATH);
  if (
    explicitMissing ||
    (!candidates.some((file) => file && fs.existsSync(file)) && !(await hasPlaywrightChromium()))
  ) {
    const fixes =
      'Установите Chromium: apt-get install -y chromium chromium-headless-shell (или npx playwright install chromium, где есть доступ к его загрузке)';
    problems.push(
      process.env.CHROMIUM_PATH
        ? `Chromium не найден по пути CHROMIUM_PATH=${process.env.CHROMIUM_PATH}: укажите верный путь. ${fixes}.`
        : `Для браузерных тестов нужен Chromium. ${fixes}, либо укажите путь к нему в CHROMIUM_PATH.`,
    );
  }
}

/** Playwright's own Chromium (`npx playwright install chromium`), when it has been downloaded. */
async function hasPlaywrightChromium() {
  try {
    const { chromium } = await import('@playwright/test');
    return fs.existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
