import pg from 'pg';

/**
 * A fresh schema of its own for one benchmark run on PostgreSQL (like the API tests): the URL the
 * server under test gets (search_path set to the schema), and drop() for the end of the run.
 */
export async function benchSchema(
  pgUrl: string,
  prefix: string,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${Date.now()}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  const u = new URL(pgUrl);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  return { databaseUrl: u.toString(), drop: () => run(`DROP SCHEMA ${schema} CASCADE`) };
}
