/**
 * The whole domain of the first release. Frozen: never import app code here.
 * Bids reference gyms and staff with ON DELETE SET NULL so that no delete ever cascades into a bid.
 */
import { type Kysely, sql } from 'kysely';

const timestamps = `
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

const statements = [
  `CREATE TABLE images (
    id serial PRIMARY KEY,
    storage_key text NOT NULL UNIQUE,
    mime_type text NOT NULL,
    width integer NOT NULL CHECK (width >= 0),
    height integer NOT NULL CHECK (height >= 0),
    byte_size integer NOT NULL CHECK (byte_size >= 0),
    placeholder text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE gyms (
    id serial PRIMARY KEY,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    address text NOT NULL,
    lat numeric(9, 6) CHECK (lat BETWEEN -90 AND 90),
    lng numeric(9, 6) CHECK (lng BETWEEN -180 AND 180),
    phone text NOT NULL DEFAULT '',
    opening_hours text NOT NULL DEFAULT '',
    time_zone text NOT NULL DEFAULT 'Europe/Moscow',
    description text NOT NULL DEFAULT '',
    cover_image_id integer REFERENCES images(id) ON DELETE SET NULL,
    sort_order integer NOT NULL DEFAULT 0,
    published boolean NOT NULL DEFAULT true,${timestamps}
  )`,
  `CREATE INDEX gyms_order_idx ON gyms (sort_order, id)`,
  `CREATE TABLE trends (
    id serial PRIMARY KEY,
    title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    summary text NOT NULL DEFAULT '',
    description text NOT NULL DEFAULT '',
    cover_image_id integer REFERENCES images(id) ON DELETE SET NULL,
    sort_order integer NOT NULL DEFAULT 0,
    published boolean NOT NULL DEFAULT true,${timestamps}
  )`,
  `CREATE TABLE trainings (
    id serial PRIMARY KEY,
    trend_id integer NOT NULL REFERENCES trends(id) ON DELETE RESTRICT,
    title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    description text NOT NULL DEFAULT '',
    level text NOT NULL DEFAULT 'any' CHECK (level IN ('beginner', 'intermediate', 'advanced', 'any')),
    duration_min integer NOT NULL CHECK (duration_min BETWEEN 5 AND 600),
    cover_image_id integer REFERENCES images(id) ON DELETE SET NULL,
    sort_order integer NOT NULL DEFAULT 0,
    published boolean NOT NULL DEFAULT true,${timestamps}
  )`,
  `CREATE INDEX trainings_trend_idx ON trainings (trend_id)`,
  `CREATE TABLE coaches (
    id serial PRIMARY KEY,
    full_name text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 200),
    photo_image_id integer REFERENCES images(id) ON DELETE SET NULL,
    position text NOT NULL DEFAULT '',
    summary text NOT NULL DEFAULT '',
    bio text NOT NULL DEFAULT '',
    experience_since integer CHECK (experience_since BETWEEN 1950 AND 2100),
    achievements jsonb NOT NULL DEFAULT '[]',
    sort_order integer NOT NULL DEFAULT 0,
    published boolean NOT NULL DEFAULT true,${timestamps}
  )`,
  `CREATE TABLE coach_trends (
    coach_id integer NOT NULL REFERENCES coaches(id) ON DELETE CASCADE,
    trend_id integer NOT NULL REFERENCES trends(id) ON DELETE CASCADE,
    PRIMARY KEY (coach_id, trend_id)
  )`,
  `CREATE INDEX coach_trends_trend_idx ON coach_trends (trend_id)`,
  `CREATE TABLE coach_gyms (
    coach_id integer NOT NULL REFERENCES coaches(id) ON DELETE CASCADE,
    gym_id integer NOT NULL REFERENCES gyms(id) ON DELETE CASCADE,
    PRIMARY KEY (coach_id, gym_id)
  )`,
  `CREATE INDEX coach_gyms_gym_idx ON coach_gyms (gym_id)`,
  `CREATE TABLE schedule_slots (
    id serial PRIMARY KEY,
    gym_id integer NOT NULL REFERENCES gyms(id) ON DELETE CASCADE,
    training_id integer NOT NULL REFERENCES trainings(id) ON DELETE CASCADE,
    coach_id integer REFERENCES coaches(id) ON DELETE SET NULL,
    weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    start_time time NOT NULL,
    duration_min integer NOT NULL CHECK (duration_min BETWEEN 5 AND 600),
    room text NOT NULL DEFAULT '',
    capacity integer CHECK (capacity > 0),${timestamps}
  )`,
  `CREATE INDEX schedule_slots_gym_idx ON schedule_slots (gym_id, weekday, start_time)`,
  `CREATE INDEX schedule_slots_training_idx ON schedule_slots (training_id)`,
  `CREATE INDEX schedule_slots_coach_idx ON schedule_slots (coach_id)`,
  `CREATE TABLE schedule_changes (
    id serial PRIMARY KEY,
    slot_id integer NOT NULL REFERENCES schedule_slots(id) ON DELETE CASCADE,
    date date NOT NULL,
    kind text NOT NULL CHECK (kind IN ('cancelled', 'changed')),
    coach_id integer REFERENCES coaches(id) ON DELETE SET NULL,
    start_time time,
    note text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (slot_id, date)
  )`,
  `CREATE INDEX schedule_changes_date_idx ON schedule_changes (date)`,
  `CREATE TABLE cards (
    id serial PRIMARY KEY,
    title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    description text NOT NULL DEFAULT '',
    price integer NOT NULL CHECK (price >= 0),
    validity_months integer CHECK (validity_months > 0),
    validity_visits integer CHECK (validity_visits > 0),
    features jsonb NOT NULL DEFAULT '[]',
    highlighted boolean NOT NULL DEFAULT false,
    sort_order integer NOT NULL DEFAULT 0,
    published boolean NOT NULL DEFAULT true,${timestamps}
  )`,
  `CREATE TABLE card_gyms (
    card_id integer NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    gym_id integer NOT NULL REFERENCES gyms(id) ON DELETE CASCADE,
    PRIMARY KEY (card_id, gym_id)
  )`,
  `CREATE INDEX card_gyms_gym_idx ON card_gyms (gym_id)`,
  `CREATE TABLE promos (
    id serial PRIMARY KEY,
    title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    text text NOT NULL DEFAULT '',
    image_id integer REFERENCES images(id) ON DELETE SET NULL,
    starts_on date NOT NULL,
    ends_on date NOT NULL,
    card_id integer REFERENCES cards(id) ON DELETE SET NULL,
    sort_order integer NOT NULL DEFAULT 0,
    published boolean NOT NULL DEFAULT true,${timestamps},
    CHECK (ends_on >= starts_on)
  )`,
  `CREATE INDEX promos_dates_idx ON promos (starts_on, ends_on)`,
  `CREATE TABLE promo_gyms (
    promo_id integer NOT NULL REFERENCES promos(id) ON DELETE CASCADE,
    gym_id integer NOT NULL REFERENCES gyms(id) ON DELETE CASCADE,
    PRIMARY KEY (promo_id, gym_id)
  )`,
  `CREATE INDEX promo_gyms_gym_idx ON promo_gyms (gym_id)`,
  `CREATE TABLE gallery_images (
    id serial PRIMARY KEY,
    image_id integer NOT NULL REFERENCES images(id) ON DELETE CASCADE,
    alt text NOT NULL CHECK (length(alt) BETWEEN 1 AND 300),
    caption text NOT NULL DEFAULT '',
    gym_id integer REFERENCES gyms(id) ON DELETE CASCADE,
    sort_order integer NOT NULL DEFAULT 0,
    published boolean NOT NULL DEFAULT true,${timestamps}
  )`,
  `CREATE INDEX gallery_images_gym_idx ON gallery_images (gym_id, sort_order)`,
  `CREATE TABLE partners (
    id serial PRIMARY KEY,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    logo_image_id integer REFERENCES images(id) ON DELETE SET NULL,
    url text NOT NULL CHECK (url ~* '^https?://[^/]'),
    description text NOT NULL DEFAULT '',
    sort_order integer NOT NULL DEFAULT 0,
    published boolean NOT NULL DEFAULT true,${timestamps}
  )`,
  `CREATE TABLE staff_users (
    id serial PRIMARY KEY,
    email text NOT NULL UNIQUE CHECK (email = lower(email)),
    name text NOT NULL DEFAULT '',
    password_hash text NOT NULL,
    role text NOT NULL CHECK (role IN ('admin', 'editor')),
    disabled boolean NOT NULL DEFAULT false,${timestamps}
  )`,
  `CREATE TABLE sessions (
    id text PRIMARY KEY,
    staff_user_id integer NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    user_agent text NOT NULL DEFAULT '',
    ip text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX sessions_user_idx ON sessions (staff_user_id)`,
  `CREATE INDEX sessions_expires_idx ON sessions (expires_at)`,
  `CREATE TABLE bids (
    id serial PRIMARY KEY,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    phone text NOT NULL CHECK (phone ~ '^\\+[1-9][0-9]{6,14}$'),
    comment text NOT NULL DEFAULT '',
    gym_id integer REFERENCES gyms(id) ON DELETE SET NULL,
    kind text NOT NULL CHECK (kind IN ('trial', 'card', 'coach', 'training', 'promo', 'other')),
    subject_id integer,
    subject_title text NOT NULL DEFAULT '',
    consent_at timestamptz NOT NULL,
    consent_version text NOT NULL,
    consent_ip text,
    source_page text NOT NULL DEFAULT '',
    utm jsonb NOT NULL DEFAULT '{}',
    status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'done', 'rejected')),
    staff_note text,
    status_changed_by integer REFERENCES staff_users(id) ON DELETE SET NULL,
    status_changed_at timestamptz,${timestamps}
  )`,
  `CREATE INDEX bids_created_idx ON bids (created_at DESC, id DESC)`,
  `CREATE INDEX bids_status_created_idx ON bids (status, created_at DESC, id DESC)`,
  `CREATE INDEX bids_gym_created_idx ON bids (gym_id, created_at DESC, id DESC)`,
  `CREATE INDEX bids_kind_created_idx ON bids (kind, created_at DESC, id DESC)`,
  `CREATE INDEX bids_phone_idx ON bids (phone, created_at DESC)`,
  `CREATE TABLE bid_events (
    id serial PRIMARY KEY,
    bid_id integer NOT NULL REFERENCES bids(id) ON DELETE RESTRICT,
    staff_user_id integer REFERENCES staff_users(id) ON DELETE SET NULL,
    from_status text,
    to_status text NOT NULL,
    note text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX bid_events_bid_idx ON bid_events (bid_id, created_at)`,
  `CREATE TABLE rate_limits (
    key text PRIMARY KEY,
    points integer NOT NULL,
    expires_at timestamptz NOT NULL
  )`,
  `CREATE TABLE audit_log (
    id serial PRIMARY KEY,
    staff_user_id integer REFERENCES staff_users(id) ON DELETE SET NULL,
    action text NOT NULL,
    entity text NOT NULL,
    entity_id integer,
    fields jsonb NOT NULL DEFAULT '[]',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC)`,
  `CREATE TABLE outbox (
    id serial PRIMARY KEY,
    channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
    payload jsonb NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error text,
    sent_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'outbox',
    'audit_log',
    'rate_limits',
    'bid_events',
    'bids',
    'sessions',
    'staff_users',
    'partners',
    'gallery_images',
    'promo_gyms',
    'promos',
    'card_gyms',
    'cards',
    'schedule_changes',
    'schedule_slots',
    'coach_gyms',
    'coach_trends',
    'coaches',
    'trainings',
    'trends',
    'gyms',
    'images',
  ];
  for (const table of tables) {
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  }
}
