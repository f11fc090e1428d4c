/**
 * The policy a visitor agrees to next to a consent checkbox, and the version recorded with their consent
 * (docs/product/bids.md, "Consent and the policy").
 */
import { privacyPolicy } from '#app/admin/sections.ts';
import { consentVersionOf, policyHash } from '#app/lib/consent.server.ts';
import { getPrivacyPolicy, shownPolicyText } from '#app/models/privacy.server.ts';
import { listRevisions } from '#app/models/revision.server.ts';
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
  const { title, body, isDefault } = shownPolicyText(row);
  return {
    title,
    body,
    isDefault,
    updatedAt: row && !isDefault ? new Date(row.updated_at).toISOString() : null,
    consentVersion: consentVersionOf(title, body, isDefault || !row ? null : row.version),
  };
}

/** The policy a bid's consent names, as staff read it (docs/product/bids.md, "Consent and the policy"). */
export interface ConsentPolicy {
  /** False when the consent names no policy text (a version written before they were recorded). */
  recorded: boolean;
  /** The staff edit version (`policy-v3` → 3); null for the built-in text or an unreadable record. */
  version: number | null;
  isDefault: boolean;
  /** When that text was saved; null when no saved copy of it is left. */
  savedAt: string | null;
  /** Where staff read that very text: its saved version in the policy's history, the policy itself, or null. */
  href: string | null;
}

/**
 * Finds the text a consent was given to, by the hash its version ends with: among the policy's saved versions (the
 * history keeps each text with its date), else the current text. A pruned or edited-away text leaves the number
 * without a link.
 */
export async function consentPolicy(db: Database, consentVersion: string): Promise<ConsentPolicy> {
  const match = /\+policy-(?:(default)|v(\d+))-([0-9a-f]{12})$/.exec(consentVersion);
  if (!match) return { recorded: false, version: null, isDefault: false, savedAt: null, href: null };
  const [, isDefault, number, hash] = match;
  const version = number ? Number(number) : null;
  const current = await currentPolicy(db);
  if (current.consentVersion.endsWith(`-${hash}`)) {
    return {
      recorded: true,
      version,
      isDefault: Boolean(isDefault),
      savedAt: current.updatedAt,
      href: isDefault ? '/privacy' : `/admin/${privacyPolicy.key}`,
    };
  }
  if (!isDefault) {
    const row = await getPrivacyPolicy(db);
    const revisions = row ? await listRevisions(db, privacyPolicy.key, row.id) : [];
    const saved = revisions.find((revision) => {
      const text = shownPolicyText(revision.data);
      return policyHash(text.title, text.body) === hash;
    });
    if (saved) {
      return {
        recorded: true,
        version,
        isDefault: false,
        savedAt: saved.createdAt.toISOString(),
        href: `/admin/${privacyPolicy.key}/history/${saved.id}`,
      };
    }
  }
  return { recorded: true, version, isDefault: Boolean(isDefault), savedAt: null, href: null };
}
