/**
 * Fills the bids table with realistic-looking bids for load tests (the inbox must stay fast with a million).
 *   DATABASE_URL=postgres://… node scripts/generate-bids.ts [count=1000000]
 * Rows are made by PostgreSQL itself with generate_series, 100,000 per statement: about a minute for a million.
 * Without DATABASE_URL it uses the PGlite database in DATA_DIR (stop the server first).
 */
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, migrateToLatest } from '#db/index.ts';

const CHUNK = 100_000;
const count = Number(process.argv[2] ?? 1_000_000);
if (!Number.isInteger(count) || count <= 0) {
  console.error('Usage: node scripts/generate-bids.ts [count]');
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
      CASE WHEN random() < 0.4 THEN '{"utm_source":"yandex","utm_medium":"cpc"}'::jsonb ELSE '{}'::jsonb END,
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
                       (SELECT array_agg(id) FROM gyms) AS gym_ids) AS d
  `.execute(database.db);
  console.log(`${done + size} / ${count} bids (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
await sql`ANALYZE bids`.execute(database.db);
const total = await database.db
  .selectFrom('bids')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s; the table has ${total.n} bids.`);
await database.close();
