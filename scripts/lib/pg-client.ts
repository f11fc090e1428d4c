/** A short-lived `pg` client, for scripts and test fixtures that look into a database directly. */
import pg from 'pg';

/** Runs `work` with a client connected to `url`, and ends the client afterwards. */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
