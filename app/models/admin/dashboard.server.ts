/** The figures of the staff dashboard (docs/product/staff.md). */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { selectAuditEntries } from '#app/models/audit.server.ts';
import type { Database } from '#db/index.ts';

export const CHART_DAYS = 30;

/**
 * Every figure takes `scope`: a manager's gyms, whose bids and records alone are counted (docs/product/roles.md);
 * null counts everything.
 */
type Scope = number[] | null;

function bidScope(scope: Scope, column = 'bids.gym_id') {
  return scope === null
    ? sql<SqlBool>`true`
    : sql<SqlBool>`${sql.ref(column)} = ANY(ARRAY[${sql.join([-1, ...scope])}]::int[])`;
}

export async function newBidsPerGym(db: Database, scope: Scope = null) {
  return db
    .selectFrom('bids')
    .leftJoin('gyms', 'gyms.id', 'bids.gym_id')
    .where(bidScope(scope))
    .select(['bids.gym_id', 'gyms.name'])
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('bids.status', '=', 'new')
    .groupBy(['bids.gym_id', 'gyms.name'])
    .orderBy('count', 'desc')
    .execute();
}

/** Bids per calendar day of the club network's zone for the last 30 days, zeros included. */
export async function bidsPerDay(
  db: Database,
  timeZone: string,
  scope: Scope = null,
): Promise<Array<{ day: string; count: number }>> {
  const { rows } = await sql<{ day: string; count: number }>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(b.id)::integer AS count
    FROM generate_series(
      (now() AT TIME ZONE ${timeZone})::date - ${CHART_DAYS - 1}::integer,
      (now() AT TIME ZONE ${timeZone})::date,
      interval '1 day'
    ) AS d(day)
    LEFT JOIN bids b
      ON b.created_at >= d.day::timestamp AT TIME ZONE ${timeZone}
     AND b.created_at < (d.day + interval '1 day')::timestamp AT TIME ZONE ${timeZone}
     AND ${bidScope(scope, 'b.gym_id')}
    GROUP BY d.day
    ORDER BY d.day
  `.execute(db);
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

export async function bidCounts(db: Database, scope: Scope = null) {
  const row = await db
    .selectFrom('bids')
    .where(bidScope(scope))
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('status', '=', 'new').as('new'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'in_progress').as('in_progress'),
      eb.fn.countAll<number>().filterWhere(sql<SqlBool>`created_at > now() - interval '7 days'`).as('week'),
    ])
    .executeTakeFirstOrThrow();
  return { new: Number(row.new), inProgress: Number(row.in_progress), week: Number(row.week) };
}

export async function recentChanges(db: Database, limit = 10, scope: Scope = null) {
  return selectAuditEntries(db, scope)
    .where('audit_log.action', 'not in', ['login', 'logout'])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .execute();
}

export interface HealthWarning {
  text: string;
  href: string;
}

/** Content that looks unfinished or stale on the public site; `timeZone` is the calendar a promo ends by. */
export async function contentHealth(
  db: Database,
  timeZone: string,
  visible?: (entity: string, id: Expression<number>) => RawBuilder<boolean> | null,
): Promise<HealthWarning[]> {
  const scoped = (entity: string, table: string) => visible?.(entity, sql.ref(`${table}.id`)) ?? sql<SqlBool>`true`;
  const [coaches, gyms, promos, trainings] = await Promise.all([
    db
      .selectFrom('coaches')
      .select(['id', 'full_name'])
      .where('photo_image_id', 'is', null)
      .where(scoped('coach', 'coaches'))
      .execute(),
    db
      .selectFrom('gyms')
      .select(['id', 'name'])
      .where(scoped('gym', 'gyms'))
      .where((eb) => eb.or([eb('lat', 'is', null), eb('lng', 'is', null)]))
      .execute(),
    db
      .selectFrom('promos')
      .select(['id', 'title'])
      .where('published', '=', true)
      .where(scoped('promo', 'promos'))
      .where('ends_on', '<', sql<string>`(now() AT TIME ZONE ${timeZone})::date`)
      .execute(),
    db
      .selectFrom('trainings')
      .select(['id', 'title'])
      .where('published', '=', true)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('schedule_slots').select('id').whereRef('training_id', '=', 'trainings.id'))),
      )
      .execute(),
  ]);
  return [
    ...coaches.map((c) => ({ text: `Тренер «${c.full_name}» без фото`, href: `/admin/coaches/${c.id}` })),
    ...gyms.map((g) => ({ text: `Зал «${g.name}» без координат`, href: `/admin/gyms/${g.id}` })),
    ...promos.map((p) => ({ text: `Акция «${p.title}» закончилась, но опубликована`, href: `/admin/promos/${p.id}` })),
    ...trainings.map((t) => ({
      text: `Тренировка «${t.title}» без занятий в расписании`,
      href: `/admin/trainings/${t.id}`,
    })),
  ];
}
