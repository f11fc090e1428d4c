/**
 * Run before the suite's server (`webServer` in playwright.config.ts): makes the run's two pristine embedded data
 * directories at once, one per core (with the demo content, and empty for DEMO_CONTENT=0: tests/e2e/extra-server.ts,
 * `embeddedTemplate`), and gives the suite's server a copy of the demo one as its data directory.
 *
 * Each is made by scripts/create-embedded-database.ts, the script a first `npm start` runs, so the suite's server
 * starts on what its own first start would have made. Before, that first start made the demo database once more, and
 * the first spec that needed each template waited for it in the middle of the run (34 and 20 s in one run, the worker
 * idle meanwhile: docs/testing.md, "The browser suite: one shared server, and own servers where a spec needs one").
 */
import fs from 'node:fs';
import { embeddedTemplate } from '#tests/e2e/extra-server.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is the suite server’s data directory');
const [demo] = await Promise.all([
  embeddedTemplate({ ...process.env, DEMO_CONTENT: '1' }),
  embeddedTemplate({ ...process.env, DEMO_CONTENT: '0' }),
]);
fs.cpSync(demo, dataDir, { recursive: true });
