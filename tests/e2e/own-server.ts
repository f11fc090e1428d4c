/**
 * A spec file's own production server (tests/e2e/extra-server.ts), for settings other than the suite's: started
 * before the file's tests, which run one after another against it as a desktop browser, and stopped after them.
 */
import { test } from '@playwright/test';
import { type ExtraServer, startExtraServer } from '#tests/e2e/extra-server.ts';
import { BROWSER_UA } from '#tests/e2e/site/helpers.ts';

/** Declares the server's start and stop for the calling file; returns its base URL, the file's `baseURL`. */
export function runOnOwnServer(options: Parameters<typeof startExtraServer>[0]): string {
  const base = `http://127.0.0.1:${options.port}`;
  let server: ExtraServer | null = null;

  test.describe.configure({ mode: 'serial' });
  test.use({ userAgent: BROWSER_UA, baseURL: base });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startExtraServer(options);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return base;
}
