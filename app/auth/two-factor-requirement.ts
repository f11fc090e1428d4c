/** Who must sign in with a second factor (docs/staff-auth.md, "Who needs a second factor"). Pure. */
import type { StaffRole } from '#db/schema.ts';

/** `REQUIRE_2FA`: absent = optional for everybody. */
export type TwoFactorRequirement = 'admins' | 'all' | undefined;

export function isTwoFactorRequired(role: StaffRole, requirement: TwoFactorRequirement): boolean {
  return requirement === 'all' || (requirement === 'admins' && role === 'admin');
}

/**
 * Whether a member's session must have been signed in with a code: they turned two-factor sign-in on, or the
 * setting requires it of their role. Such a member's password-only session is not enough.
 */
export function needsSecondFactor(
  account: { role: StaffRole; totpEnabled: boolean },
  requirement: TwoFactorRequirement,
): boolean {
  return account.totpEnabled || isTwoFactorRequired(account.role, requirement);
}
