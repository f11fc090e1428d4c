/**
 * The database, as Kysely sees it. One interface per table, composed into `DB`.
 * Migrations in ./migrations are the source of truth; this file mirrors them.
 */
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable, Updateable } from 'kysely';

/** Set by the database on insert, never written by the app afterwards. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** Set by the database on insert, written by the app on update. */
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** `numeric` comes back as a string from both drivers: convert at the model boundary. */
type Numeric = ColumnType<string, number | string, number | string>;
/** `date` columns are kept as `YYYY-MM-DD` strings (see db/index.ts type parsers). */
type DateString = ColumnType<string, string, string>;
/** `time` columns are `HH:MM:SS` strings. */
type TimeString = ColumnType<string, string, string>;
/** Text with a database default (usually ''): optional on insert. */
type DefaultedText = ColumnType<string, string | undefined, string>;
/** Optimistic-concurrency counter for staff edits. */
type Version = ColumnType<number, number | undefined, number>;

/** A nullable column that may be left out on insert (it is null then). */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** Rows staff edit with optimistic concurrency, and their creation and last change. */
interface VersionedColumns {
  version: Version;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** Content that staff publish and put in order by hand, with optimistic concurrency on edits. */
interface EditorialColumns extends VersionedColumns {
  sort_order: ColumnType<number, number | undefined, number>;
  published: ColumnType<boolean, boolean | undefined, boolean>;
}

export type TrainingLevel = 'beginner' | 'intermediate' | 'advanced' | 'any';
export type BidKind = 'trial' | 'card' | 'coach' | 'training' | 'promo' | 'other' | 'signup';
/** A sign-up's hold on its session (docs/product/signups.md). */
export type SignupState = 'booked' | 'waiting' | 'cancelled';
export type BidStatus = 'new' | 'in_progress' | 'done' | 'rejected';
export type Attendance = 'came' | 'no_show';
export type TrialOutcome = 'bought' | 'not_bought';
export type StaffRole = 'admin' | 'editor' | 'manager';
export type ScheduleChangeKind = 'cancelled' | 'changed';

export interface ImageTable {
  id: Generated<number>;
  /** Path relative to the storage root; served as `/imgs/<key>`. */
  storage_key: string;
  mime_type: string;
  width: number;
  height: number;
  byte_size: number;
  /** Tiny blurred webp as a data URI (10×10, quality 50, blur 3). */
  placeholder: DefaultedText;
  /** The focal point in percent of the width and height (docs/product/images.md); 50/50 is the centre. */
  focal_x: ColumnType<number, number | undefined, number>;
  focal_y: ColumnType<number, number | undefined, number>;
  /** The description for people who cannot see the picture; empty with `decorative`. */
  alt: DefaultedText;
  decorative: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface GymTable extends EditorialColumns {
  id: Generated<number>;
  name: string;
  address: string;
  lat: Numeric | null;
  lng: Numeric | null;
  phone: DefaultedText;
  /** The gym's contact e-mail, '' when it has none. */
  email: DefaultedText;
  opening_hours: DefaultedText;
  time_zone: ColumnType<string, string | undefined, string>;
  description: DefaultedText;
  cover_image_id: number | null;
  /** Booking rules (docs/product/signups.md, "Rules of a gym"). */
  booking_days_ahead: ColumnType<number, number | undefined, number>;
  signup_close_minutes: ColumnType<number, number | undefined, number>;
  cancel_hours: ColumnType<number, number | undefined, number>;
  promotion_stop_hours: ColumnType<number, number | undefined, number>;
  bookings_per_phone: ColumnType<number, number | undefined, number>;
  reminder_hours: ColumnType<number, number | undefined, number>;
}

export interface TrendTable extends EditorialColumns {
  id: Generated<number>;
  title: string;
  summary: DefaultedText;
  description: DefaultedText;
  cover_image_id: number | null;
}

export interface TrainingTable extends EditorialColumns {
  id: Generated<number>;
  trend_id: number;
  title: string;
  description: DefaultedText;
  level: TrainingLevel;
  duration_min: number;
  cover_image_id: number | null;
}

export interface CoachTable extends EditorialColumns {
  id: Generated<number>;
  full_name: string;
  photo_image_id: number | null;
  position: DefaultedText;
  summary: DefaultedText;
  bio: DefaultedText;
  experience_since: number | null;
  achievements: JSONColumnType<string[], string, string>;
}

export interface CoachTrendTable {
  coach_id: number;
  trend_id: number;
}

export interface CoachGymTable {
  coach_id: number;
  gym_id: number;
}

export interface ScheduleSlotTable extends VersionedColumns {
  id: Generated<number>;
  gym_id: number;
  training_id: number;
  coach_id: number | null;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** Gym-local start time. */
  start_time: TimeString;
  duration_min: number;
  room: DefaultedText;
  capacity: number | null;
}

export interface ScheduleChangeTable {
  id: Generated<number>;
  slot_id: number;
  /** Gym-local date the change applies to. */
  date: DateString;
  kind: ScheduleChangeKind;
  /** For `changed`: the substitute coach, if any. */
  coach_id: number | null;
  /** For `changed`: the new start time, if any. */
  start_time: TimeString | null;
  /** For `changed`: the session's own number of places instead of the slot's, if any. */
  capacity: Nullable<number>;
  note: DefaultedText;
  created_at: CreatedAt;
}

export interface CardTable extends EditorialColumns {
  id: Generated<number>;
  title: string;
  description: DefaultedText;
  /** Whole rubles. */
  price: number;
  validity_months: number | null;
  validity_visits: number | null;
  features: JSONColumnType<string[], string, string>;
  highlighted: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Gyms where a card is valid; no rows means every gym. */
export interface CardGymTable {
  card_id: number;
  gym_id: number;
}

export interface PromoTable extends EditorialColumns {
  id: Generated<number>;
  title: string;
  text: DefaultedText;
  image_id: number | null;
  /** Inclusive, gym-local. */
  starts_on: DateString;
  /** Inclusive, gym-local. */
  ends_on: DateString;
  card_id: number | null;
}

/** Gyms where a promo runs; no rows means every gym. */
export interface PromoGymTable {
  promo_id: number;
  gym_id: number;
}

export interface GalleryImageTable extends EditorialColumns {
  id: Generated<number>;
  image_id: number;
  alt: string;
  caption: DefaultedText;
  /** null = shown for every gym. */
  gym_id: number | null;
}

export interface PartnerTable extends EditorialColumns {
  id: Generated<number>;
  name: string;
  logo_image_id: number | null;
  /** http(s) only — enforced by a check constraint too. */
  url: string;
  description: DefaultedText;
}

export interface BidTable extends VersionedColumns {
  id: Generated<number>;
  name: string;
  /** E.164, `+7XXXXXXXXXX` for Russian numbers. */
  phone: string;
  comment: DefaultedText;
  gym_id: number | null;
  kind: BidKind;
  subject_id: number | null;
  /** Title of the subject when the bid was made (survives renames and deletes). */
  subject_title: DefaultedText;
  consent_at: Date | string;
  consent_version: string;
  consent_ip: string | null;
  source_page: DefaultedText;
  utm: JSONColumnType<Record<string, string>, string | undefined, string>;
  status: ColumnType<BidStatus, BidStatus | undefined, BidStatus>;
  staff_note: string | null;
  status_changed_by: number | null;
  status_changed_at: Date | string | null;
  /** Sign-ups (`kind = 'signup'`) only: the session's weekly slot (cleared if the slot is deleted) and date. */
  slot_id: Nullable<number>;
  session_date: Nullable<string>;
  signup_state: Nullable<SignupState>;
  /** Sign-ups: the visitor's optional e-mail for messages. */
  email: Nullable<string>;
  /** Sign-ups: the manage link's random nonce (the token is derived from it with a server key) and the token's hash. */
  manage_nonce: Nullable<string>;
  manage_token_hash: Nullable<string>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_by: Nullable<'visitor' | 'staff'>;
  /** Cancelled by the visitor after the gym's cancellation deadline («поздняя отмена»). */
  late_cancel: ColumnType<boolean, boolean | undefined, boolean>;
  /** When the sign-up was moved from the waiting list to a place. */
  promoted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Sign-ups: the roster's mark (docs/product/report.md), who set it and when. */
  attendance: Nullable<Attendance>;
  attendance_marked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attendance_marked_by: Nullable<number>;
  /** Sign-ups: someone who came without a booking, added by staff on the roster. */
  walk_in: ColumnType<boolean, boolean | undefined, boolean>;
  /** Sign-ups: the trial bid this sign-up holds a place for (the trial bid stays the lead). */
  trial_bid_id: Nullable<number>;
  /** The lead's outcome after the trial: bought a card («Другое» has no card id) or not, with a reason. */
  outcome: Nullable<TrialOutcome>;
  outcome_card_id: Nullable<number>;
  outcome_card_title: Nullable<string>;
  outcome_reason: Nullable<string>;
  outcome_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  outcome_by: Nullable<number>;
  /**
   * Kept by the database (a trigger) on a trial bid: a sign-up made for it holds or held a place / came. Never
   * written by the app.
   */
  trial_booked: ColumnType<boolean, never, never>;
  trial_came: ColumnType<boolean, never, never>;
  /** Generated by the database from `utm` and `source_page` for the report (never written). */
  utm_source: ColumnType<string, never, never>;
  utm_medium: ColumnType<string, never, never>;
  utm_campaign: ColumnType<string, never, never>;
  report_page: ColumnType<string, never, never>;
}

export interface BidEventTable {
  id: Generated<number>;
  bid_id: number;
  staff_user_id: number | null;
  from_status: BidStatus | null;
  to_status: BidStatus;
  note: DefaultedText;
  created_at: CreatedAt;
}

export interface StaffUserTable extends VersionedColumns {
  id: Generated<number>;
  /** Stored lower-cased. */
  email: string;
  name: DefaultedText;
  password_hash: string;
  role: StaffRole;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** TOTP secret (base32) encrypted by the app (docs/staff-auth.md); null while two-factor sign-in is off. */
  totp_secret: Nullable<string>;
  /** Set together with `totp_secret`. */
  totp_enabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last accepted TOTP time step: a code of this step or an earlier one is never accepted again. */
  totp_last_step: Nullable<number>;
  /** A secret shown for setup and not yet confirmed with a code; encrypted like `totp_secret`. */
  totp_pending_secret: Nullable<string>;
}

/** One-time recovery codes, stored as keyed hashes (app/auth/totp.server.ts); a used code keeps its row with `used_at`. */
export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  staff_user_id: number;
  code_hash: string;
  used_at: Date | string | null;
  created_at: CreatedAt;
}

export type LoginChallengePurpose = 'verify' | 'setup';

/** A sign-in whose password was right and whose second step (a code, or setting up 2FA) is still to come. */
export interface LoginChallengeTable {
  /** Random, unguessable; the signed `staff_login` cookie carries only this. */
  id: string;
  staff_user_id: number;
  purpose: LoginChallengePurpose;
  redirect_to: DefaultedText;
  expires_at: Date | string;
  created_at: CreatedAt;
}

export interface SessionTable {
  /** Random, unguessable; the signed cookie carries only this. */
  id: string;
  staff_user_id: number;
  expires_at: Date | string;
  user_agent: DefaultedText;
  ip: string | null;
  /** Signed in with a second factor (a code) rather than the password alone (docs/staff-auth.md). */
  second_factor: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** Fixed-window counters shared by every instance. */
export interface RateLimitTable {
  key: string;
  points: number;
  expires_at: Date | string;
}

export interface AuditLogTable {
  id: Generated<number>;
  staff_user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  fields: JSONColumnType<string[], string | undefined, string>;
  /** The item's name when the entry was written; null on rows from before titles were kept. */
  title: string | null;
  /** The gyms of the item when the entry was written; empty when it belongs to all gyms or none. */
  gym_ids: ColumnType<number[], number[] | undefined, number[]>;
  created_at: CreatedAt;
}

export type RevisionKind = 'initial' | 'create' | 'update' | 'restore' | 'delete' | 'scheduled';
export type ScheduledAction = 'update' | 'publish' | 'unpublish';

/** The gyms a manager looks after (docs/product/roles.md). */
export interface StaffUserGymTable {
  staff_user_id: number;
  gym_id: number;
}

/** A change of a content record due at a moment (docs/product/scheduling.md). */
export interface ScheduledChangeTable {
  id: Generated<number>;
  /** The key of the record's section in app/admin/sections.ts. */
  section: string;
  record_id: number;
  action: ScheduledAction;
  /** The whole new version (the form's values) of an `update`; null for publish and unpublish. */
  data: JSONColumnType<Record<string, unknown>, string | null, string | null> | null;
  due_at: ColumnType<Date, Date | string, Date | string>;
  title: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  applied_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_by: number | null;
  failure: string | null;
}

/**
 * One saved version of a content record (docs/revisions.md): its field values after a save, or the last values of
 * a deleted record (`delete`). `initial` is the state a record had before its first save with history.
 */
export interface ContentRevisionTable {
  id: Generated<number>;
  /** The key of the record's section in app/admin/sections.ts. */
  section: string;
  record_id: number;
  kind: RevisionKind;
  data: JSONColumnType<Record<string, unknown>, string, string>;
  staff_user_id: number | null;
  /** The name at the time of the save, so the history reads the same after a rename. */
  staff_name: DefaultedText;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Outbox channels: staff notifications (`email`, `webhook`) and messages to visitors (`sms`, `visitor_email`). */
export type OutboxChannelName = 'email' | 'webhook' | 'sms' | 'visitor_email';

/** Notifications about new bids and messages to visitors, delivered by a worker with retries. */
export interface OutboxTable {
  id: Generated<number>;
  channel: OutboxChannelName;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  sent_at: Date | string | null;
  created_at: CreatedAt;
  /** Visitor messages: the sign-up, the message kind, the phone or address, and why it was not sent (if so). */
  bid_id: Nullable<number>;
  kind: Nullable<string>;
  recipient: Nullable<string>;
  skipped_reason: Nullable<string>;
}

/** The personal-data processing policy: one row (id 1); an empty body means the built-in default text. */
export interface PrivacyPolicyTable {
  id: ColumnType<number, number | undefined, never>;
  title: string;
  body: DefaultedText;
  version: Version;
  updated_at: UpdatedAt;
}

export interface DB {
  images: ImageTable;
  gyms: GymTable;
  trends: TrendTable;
  trainings: TrainingTable;
  coaches: CoachTable;
  coach_trends: CoachTrendTable;
  coach_gyms: CoachGymTable;
  schedule_slots: ScheduleSlotTable;
  schedule_changes: ScheduleChangeTable;
  cards: CardTable;
  card_gyms: CardGymTable;
  promos: PromoTable;
  promo_gyms: PromoGymTable;
  gallery_images: GalleryImageTable;
  partners: PartnerTable;
  bids: BidTable;
  bid_events: BidEventTable;
  staff_users: StaffUserTable;
  sessions: SessionTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  login_challenges: LoginChallengeTable;
  rate_limits: RateLimitTable;
  audit_log: AuditLogTable;
  content_revisions: ContentRevisionTable;
  scheduled_changes: ScheduledChangeTable;
  staff_user_gyms: StaffUserGymTable;
  outbox: OutboxTable;
  privacy_policy: PrivacyPolicyTable;
}

export type Image = Selectable<ImageTable>;
export type NewImage = Insertable<ImageTable>;
export type Gym = Selectable<GymTable>;
export type NewGym = Insertable<GymTable>;
export type GymUpdate = Updateable<GymTable>;
export type Trend = Selectable<TrendTable>;
export type NewTrend = Insertable<TrendTable>;
export type Training = Selectable<TrainingTable>;
export type NewTraining = Insertable<TrainingTable>;
export type Coach = Selectable<CoachTable>;
export type NewCoach = Insertable<CoachTable>;
export type ScheduleSlot = Selectable<ScheduleSlotTable>;
export type NewScheduleSlot = Insertable<ScheduleSlotTable>;
export type ScheduleChange = Selectable<ScheduleChangeTable>;
export type Card = Selectable<CardTable>;
export type NewCard = Insertable<CardTable>;
export type Promo = Selectable<PromoTable>;
export type NewPromo = Insertable<PromoTable>;
export type GalleryImage = Selectable<GalleryImageTable>;
export type Partner = Selectable<PartnerTable>;
export type Bid = Selectable<BidTable>;
export type NewBid = Insertable<BidTable>;
export type BidEvent = Selectable<BidEventTable>;
export type StaffUser = Selectable<StaffUserTable>;
export type NewStaffUser = Insertable<StaffUserTable>;
export type Session = Selectable<SessionTable>;
export type LoginChallenge = Selectable<LoginChallengeTable>;
export type AuditLogEntry = Selectable<AuditLogTable>;
export type ContentRevision = Selectable<ContentRevisionTable>;
