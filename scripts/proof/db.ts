/** Direct looks into the proof cluster's database: table fingerprints and row checks. */
import { withPgClient } from '#scripts/lib/pg-client.ts';

/** Tables whose rows change on any request by design (counters), left out of "changes nothing". */
const VOLATILE = new Set(['rate_limits', 'kysely_migration', 'kysely_migration_lock']);

/** An md5 of every row of every public table (but the counters), by table. */
export async function fingerprint(databaseUrl: string): Promise<Map<string, string>> {
  return withPgClient(databaseUrl, async (client) => {
    const tables = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const result = new Map<string, string>();
    for (const { table_name: table } of tables.rows) {
      if (VOLATILE.has(table)) continue;
      const row = await client.query<{ digest: string | null; n: string }>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*) AS n FROM "${table}" t`,
      );
      result.set(table, `${row.rows[0]!.n}:${row.rows[0]!.digest}`);
    }
    return result;
  });
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}

/**
 * Rows with a text value no form should let through: a control character other than tab, CR and LF (NUL cannot be
 * stored by PostgreSQL at all), or more than 100,000 characters.
 */
export async function invalidTextRows(
  databaseUrl: string,
): Promise<Array<{ table: string; column: string; n: number }>> {
  return withPgClient(databaseUrl, async (client) => {
    const columns = await client.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'character varying')
          AND c.table_name NOT IN ('rate_limits', 'sessions', 'images', 'audit_log', 'outbox')`,
    );
    const found = [];
    for (const { table_name: table, column_name: column } of columns.rows) {
      const row = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${table}" WHERE "${column}" ~ '[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]' OR length("${column}") > 100000`,
      );
      const n = Number(row.rows[0]!.n);
      if (n > 0) found.push({ table, column, n });
    }
    return found;
  });
}
