import type { SelectQueryBuilder } from 'kysely';

/**
 * How many rows `query` finds. count(*) is a bigint in PostgreSQL, which `pg` hands over as a string: the number is
 * made here, once.
 */
export async function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  // The cast names the one column just selected: with DB and TB generic here, Kysely cannot spell the row's type.
  const row = await query
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .$castTo<{ count: string }>()
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
