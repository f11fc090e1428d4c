import type { Migration } from 'kysely/migration';
import * as initial from '#db/migrations/20261122T1400-initial.ts';
import * as staffTwoFactor from '#db/migrations/20261128T1200-staff-two-factor.ts';
import * as contentRevisions from '#db/migrations/20261201T0900-content-revisions.ts';
import * as auditTitle from '#db/migrations/20261202T0900-audit-title.ts';
import * as privacyPolicy from '#db/migrations/20261202T1000-privacy-policy.ts';
import * as sessionSignups from '#db/migrations/20261202T1100-session-signups.ts';
import * as bookingLoop from '#db/migrations/20261211T0900-booking-loop.ts';
import * as sessionSecondFactor from '#db/migrations/20261211T2330-session-second-factor.ts';
import * as attendanceAndOutcomes from '#db/migrations/20261213T0900-attendance-and-outcomes.ts';
import * as imageFocus from '#db/migrations/20261214T0900-image-focus-and-description.ts';
import * as scheduledChanges from '#db/migrations/20261214T1000-scheduled-changes.ts';
import * as gymManagers from '#db/migrations/20261214T1100-gym-managers.ts';
import * as gymEmail from '#db/migrations/20261215T1000-gym-email.ts';

/** Every migration, by its timestamped name. Listed statically so bundles and plain Node agree. */
export const migrations: Record<string, Migration> = {
  '20261122T1400-initial': initial,
  '20261128T1200-staff-two-factor': staffTwoFactor,
  '20261201T0900-content-revisions': contentRevisions,
  '20261202T0900-audit-title': auditTitle,
  '20261202T1000-privacy-policy': privacyPolicy,
  '20261202T1100-session-signups': sessionSignups,
  '20261211T0900-booking-loop': bookingLoop,
  '20261211T2330-session-second-factor': sessionSecondFactor,
  '20261213T0900-attendance-and-outcomes': attendanceAndOutcomes,
  '20261214T0900-image-focus-and-description': imageFocus,
  '20261214T1000-scheduled-changes': scheduledChanges,
  '20261214T1100-gym-managers': gymManagers,
  '20261215T1000-gym-email': gymEmail,
};
