/**
 * The policy a visitor agrees to next to a consent checkbox, and the version recorded with their consent
 * (docs/product/bids.md, "Consent and the policy").
 */
import { createHash } from 'node:crypto';
import { CONSENT_VERSION } from '#app/lib/bid-form.ts';
import { DEFAULT_PRIVACY_BODY, DEFAULT_PRIVACY_TITLE } from '#app/lib/privacy-policy.ts';
import { getPrivacyPolicy } from '#app/models/privacy.server.ts';
import type { Database } from '#db/index.ts';

export interface CurrentPolicy {
  title: string;
  body: string;
  /** True when staff have not written a text and the built-in one is shown. */
  isDefault: boolean;
  updatedAt: string | null;
  /** What a bid's consent records: the checkbox text's version, the policy's revision and a hash of its text. */
  consentVersion: string;
}

/**
 * The policy as the site shows it now. The recorded version names the staff revision (`policy-v3`, or
 * `policy-default` for the built-in text) and the first 12 hex digits of the SHA-256 of the shown title and text, so
 * the exact words a visitor agreed to can be checked later.
 */
export async function currentPolicy(db: Database): Promise<CurrentPolicy> {
  const row = await getPrivacyPolicy(db);
  const isDefault = !row || row.body.trim() === '';
  const title = row?.title.trim() || DEFAULT_PRIVACY_TITLE;
  const body = isDefault ? DEFAULT_PRIVACY_BODY : row.body;
  const hash = createHash('sha256').update(`${title}\n${body}`).digest('hex').slice(0, 12);
  const revision = isDefault ? 'policy-default' : `policy-v${row.version}`;
  return {
    title,
    body,
    isDefault,
    updatedAt: row && !isDefault ? new Date(row.updated_at).toISOString() : null,
    consentVersion: `${CONSENT_VERSION}+${revision}-${hash}`,
  };
}
