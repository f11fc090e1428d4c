/**
 * The quick proof run (`PROOF_QUICK=1 npm run proof`, README "Testing"): access, a few bad submissions per action
 * and a 10 s database outage against a throw-away PostgreSQL cluster and its own server. Skipped where the
 * PostgreSQL 15 binaries (or root, to run them as `postgres`) are missing.
 */
import { execFile } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { clusterUnavailableReason } from '#scripts/proof/pg-cluster.ts';

const unavailable = clusterUnavailableReason();

test('the quick proof run prints a verdict for every figure; access and fuzz pass', async () => {
  test.skip(unavailable !== null, `proof suite needs PostgreSQL binaries: ${unavailable}`);
  // About a minute on an idle machine; a busy shared one needs more.
  test.setTimeout(300_000);
  const output = await new Promise<string>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/proof.ts'],
      {
        // No load balancer to wait for when the run stops its server (the quick run has no shutdown check).
        env: { ...process.env, PROOF_QUICK: '1', SHUTDOWN_READINESS_DELAY_MS: '0' },
        maxBuffer: 10 * 1024 * 1024,
        timeout: 290_000,
      },
      (_error, stdout, stderr) => resolve(`${stdout}\n${stderr}`),
    );
  });
  const verdict = (check: string) =>
    new RegExp(`^\\| ${check.replace(/[/]/g, '\\/')}\\s*\\|.*\\| (PASS|FAIL|SKIP)\\s*\\|$`, 'm').exec(output)?.[1];
  expect(output, output).toMatch(/\d+ PASS, \d+ FAIL, \d+ SKIP/);
  expect(verdict('access: anonymous /admin'), output).toBe('PASS');
  expect(verdict('access: editor limits'), output).toBe('PASS');
  expect(verdict('fuzz: 5xx / no answer'), output).toBe('PASS');
  expect(verdict('fuzz: invalid rows'), output).toBe('PASS');
  // The process outlives its database; the other outage figures must be measured (timing on a busy machine decides
  // how many samples fall inside the outage; tests/e2e/server/database-outage.spec.ts checks the answers themselves).
  expect(verdict('fault: process alive'), output).toBe('PASS');
  for (const check of ['fault: pages during outage', 'fault: /readyz during outage']) {
    expect(verdict(check), output).toMatch(/PASS|FAIL/);
  }
});
