/**
 * The version a bid's consent records (docs/product/bids.md, "Consent and the policy"; ADR 25): the checkbox text's
 * version, the policy's edit version and a hash of the exact text shown. Pure, so the demo seed records its bids'
 * consent the same way the site does.
 */
import { createHash } from 'node:crypto';
import { CONSENT_VERSION } from '#app/lib/bid-form.ts';

/** The first 12 hex digits of the SHA-256 of the shown title and text: what a consent's version ends with. */
export function policyHash(title: string, body: string): string {
  return createHash('sha256').update(`${title}\n${body}`).digest('hex').slice(0, 12);
}

/** `2026-11+policy-v3-<hash>` for a text at edit version 3, `…+policy-default-<hash>` for the built-in one (null). */
export function consentVersionOf(title: string, body: string, version: number | null): string {
  const revision = version === null ? 'policy-default' : `policy-v${version}`;
  return `${CONSENT_VERSION}+${revision}-${policyHash(title, body)}`;
}
