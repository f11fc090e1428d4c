/**
 * Fills the bids table with realistic-looking bids for load tests (the inbox must stay fast with a million), and
 * sign-ups with attendance and outcomes for the report (docs/product/report.md).
 *   DATABASE_URL=postgres://… node scripts/generate-bids.ts [count=1000000] [signups=count/5]
 * Half the sign-ups are taken for trial bids (`trial_bid_id`), half come from the schedule; past ones are marked
 * «Пришёл» (70 %) or «Не пришёл»; of the leads that came 35 % bought a card and 40 % did not.
 * Rows are made by PostgreSQL itself with generate_series, 100,000 per statement: about a minute for a million.
 * Without DATABASE_URL it uses the PGlite database in DATA_DIR (stop the server first).
 */
// First of all: a tool restarts itself with a short-lived process's flags (app/infra/tool-process.server.ts).
import '#app/infra/tool-process.server.ts';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, migrateToLatest } from '#db/index.ts';

const CHUNK = 100_000;
const count = Number(process.argv[2] ?? 1_000_000);
const signups = Number(process.argv[3] ?? Math.round(count / 5));
if (!Number.isInteger(count) || count <= 0 || !Number.isInteger(signups) || signups < 0) {
  console.error('Usage: node scripts/generate-bids.ts [count] [signups]');
  process.exit(2);
}

const database = await createDb({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'pglite'),
});
await migrateToLatest(database.db);
const started = Date.now();

const FIRST = [
  'Анна',
  'Мария',
  'Елена',
  'Ольга',
  'Дарья',
  'Иван',
  'Алексей',
  'Дмитрий',
  'Сергей',
  'Никита',
  'Ксения',
  'Артём',
];
const LAST = [
  'Иванова',
  'Смирнова',
  'Кузнецова',
  'Попова',
  'Соколова',
  'Иванов',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Соколов',
];
const COMMENTS = ['', '', '', 'Перезвоните после 18:00', 'Хочу на пробное занятие в субботу', 'Есть ли парковка?'];
const UTMS = [
  '{"utm_source":"yandex","utm_medium":"cpc","utm_campaign":"autumn"}',
  '{"utm_source":"yandex","utm_medium":"cpc","utm_campaign":"brand"}',
  '{"utm_source":"vk","utm_medium":"social","utm_campaign":"autumn"}',
  '{"utm_source":"google","utm_medium":"cpc","utm_campaign":"retarget"}',
  '{"utm_source":"2gis","utm_medium":"referral"}',
];
const SUBJECTS = ['Пробное занятие', 'Безлимит на год', 'Хатха-йога', 'Акция «Лето»', 'Персональная тренировка', ''];

for (let done = 0; done < count; done += CHUNK) {
  const size = Math.min(CHUNK, count - done);
  await sql`
    INSERT INTO bids (name, phone, comment, gym_id, kind, subject_title, consent_at, consent_version, source_page,
                      utm, status, staff_note, created_at, updated_at)
    SELECT
      first[1 + floor(random() * array_length(first, 1))::int] || ' ' || last[1 + floor(random() * array_length(last, 1))::int],
      '+79' || lpad(floor(random() * 1e9)::bigint::text, 9, '0'),
      comments[1 + floor(random() * array_length(comments, 1))::int],
      CASE WHEN random() < 0.03 OR gym_ids IS NULL THEN NULL
           ELSE gym_ids[1 + floor(random() * array_length(gym_ids, 1))::int] END,
      (ARRAY['trial', 'trial', 'trial', 'card', 'coach', 'training', 'promo', 'other'])[1 + floor(random() * 8)::int],
      subjects[1 + floor(random() * array_length(subjects, 1))::int],
      t.created_at,
      'v1',
      (ARRAY['/', '/new', '/promos', '/shedule', '/coaches'])[1 + floor(random() * 5)::int],
      CASE WHEN random() < 0.45 THEN '{}'::jsonb ELSE utms[1 + floor(random() * array_length(utms, 1))::int] END,
      CASE WHEN t.created_at > now() - interval '3 days' AND random() < 0.7 THEN 'new'
           WHEN random() < 0.1 THEN 'in_progress'
           WHEN random() < 0.85 THEN 'done'
           ELSE 'rejected' END,
      NULL,
      t.created_at,
      t.created_at
    FROM generate_series(1, ${size}::int) AS g
    CROSS JOIN LATERAL (SELECT now() - random() * interval '730 days' + (g * 0) * interval '1 second' AS created_at) AS t
    CROSS JOIN (SELECT ${sql.val(FIRST)}::text[] AS first, ${sql.val(LAST)}::text[] AS last,
                       ${sql.val(COMMENTS)}::text[] AS comments, ${sql.val(SUBJECTS)}::text[] AS subjects,
                       ${sql.val(UTMS)}::jsonb[] AS utms,
                       (SELECT array_agg(id) FROM gyms) AS gym_ids) AS d
  `.execute(database.db);
  console.log(`${done + size} / ${count} bids (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// Sign-ups taken for trial bids: a day or two after the bid, for a session two days later.
const forTrials = Math.floor(signups / 2);
await sql`
  INSERT INTO bids (name, phone, gym_id, kind, subject_title, consent_at, consent_version, source_page, utm, status,
                    created_at, updated_at, session_date, signup_state, trial_bid_id, attendance)
  SELECT b.name, b.phone, b.gym_id, 'signup', 'Хатха-йога', b.created_at, 'v1', b.source_page, b.utm, 'done',
    b.created_at + interval '1 hour', b.created_at + interval '1 hour', (b.created_at + interval '2 days')::date,
    CASE WHEN b.r < 0.1 THEN 'cancelled' ELSE 'booked' END, b.id,
    CASE WHEN b.r >= 0.1 AND b.created_at + interval '2 days' < now()
      THEN CASE WHEN random() < 0.7 THEN 'came' ELSE 'no_show' END END
  FROM (SELECT *, random() AS r FROM bids WHERE kind IN ('trial', 'coach', 'training') ORDER BY random()
        LIMIT ${forTrials}) AS b
`.execute(database.db);
// Sign-ups from the schedule: the sign-up is the lead itself.
await sql`
  INSERT INTO bids (name, phone, gym_id, kind, subject_title, consent_at, consent_version, source_page, utm, status,
                    created_at, updated_at, session_date, signup_state, attendance)
  SELECT 'Посетитель ' || g, '+79' || lpad(floor(random() * 1e9)::bigint::text, 9, '0'),
    CASE WHEN d.gym_ids IS NULL THEN NULL ELSE d.gym_ids[1 + floor(random() * array_length(d.gym_ids, 1))::int] END,
    'signup', 'Хатха-йога', t.created_at, 'v1',
    '/shedule/signup', CASE WHEN random() < 0.5 THEN '{}'::jsonb ELSE '{"utm_source":"vk","utm_medium":"social"}'::jsonb END,
    'new', t.created_at, t.created_at, (t.created_at + interval '3 days')::date,
    CASE WHEN t.r < 0.1 THEN 'cancelled' WHEN t.r < 0.15 THEN 'waiting' ELSE 'booked' END,
    CASE WHEN t.r >= 0.15 AND t.created_at + interval '3 days' < now()
      THEN CASE WHEN random() < 0.7 THEN 'came' ELSE 'no_show' END END
  FROM generate_series(1, ${signups - forTrials}::int) AS g
  CROSS JOIN LATERAL (SELECT now() - random() * interval '730 days' + (g * 0) * interval '1 second' AS created_at,
                             random() + g * 0 AS r) AS t
  CROSS JOIN (SELECT array_agg(id) AS gym_ids FROM gyms) AS d
`.execute(database.db);
// Outcomes of the leads that came (themselves or through a sign-up taken for them).
await sql`
  UPDATE bids SET
    outcome = CASE WHEN r < 0.35 THEN 'bought' ELSE 'not_bought' END,
    outcome_card_title = CASE WHEN r < 0.35 THEN 'Безлимит на год' END,
    outcome_reason = CASE WHEN r >= 0.35 THEN 'Дорого' END,
    outcome_at = created_at + interval '3 days'
  FROM (SELECT id AS lead_id, random() AS r FROM bids
        WHERE trial_bid_id IS NULL AND (attendance = 'came'
          OR id IN (SELECT trial_bid_id FROM bids WHERE trial_bid_id IS NOT NULL AND attendance = 'came'))) AS l
  WHERE bids.id = l.lead_id AND l.r < 0.75
`.execute(database.db);
if (signups)
  console.log(`${signups} sign-ups with marks and outcomes (${((Date.now() - started) / 1000).toFixed(1)} s)`);
// The visibility map too, as autovacuum would set it: the report reads its index without the table.
await sql`VACUUM ANALYZE bids`.execute(database.db);
const total = await database.db
  .selectFrom('bids')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s; the table has ${total.n} bids.`);
await database.close();
