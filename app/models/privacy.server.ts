/**
 * The personal-data policy (docs/product/bids.md, "Consent and the policy"): the stored row, the words a visitor is
 * shown for it, and which versions of those words bids' consent records cite.
 */
import { sql } from 'kysely';
import { DEFAULT_PRIVACY_BODY, DEFAULT_PRIVACY_TITLE } from '#app/lib/privacy-policy.ts';
import type { Database } from '#db/index.ts';

/** The stored policy row (a singleton), or undefined when the table has none. */
export function getPrivacyPolicy(db: Database) {
  return db
    .selectFrom('privacy_policy')
    .select(['id', 'title', 'body', 'version', 'updated_at'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The title and text shown for a stored policy (or a saved version of it): the built-in text while none is written. */
export function shownPolicyText(stored: { title?: unknown; body?: unknown } | undefined) {
  const body = typeof stored?.body === 'string' ? stored.body : '';
  const title = typeof stored?.title === 'string' ? stored.title.trim() : '';
  const isDefault = body.trim() === '';
  return { title: title || DEFAULT_PRIVACY_TITLE, body: isDefault ? DEFAULT_PRIVACY_BODY : body, isDefault };
}

/**
 * Which of `hashes` (of `policyHash`, app/lib/consent.server.ts) some bid's consent cites (`…-<hash>` at the end of `consent_version`).
 * One pass over the bids, made only when a saved policy version is old enough to be pruned.
 */
export async function citedPolicyHashes(db: Database, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const { rows } = await sql<{ hash: string }>`
    SELECT DISTINCT right(consent_version, 12) AS hash FROM bids
    WHERE right(consent_version, 12) IN (${sql.join(hashes)})
  `.execute(db);
  return new Set(rows.map((row) => row.hash));
}
