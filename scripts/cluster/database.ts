import pg from 'pg';

/** The cluster's own database by default: never `test`, which the test suites create and drop in. */
export const CLUSTER_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/qiuyouquan';

/**
 * Creates the database `url` names when the server does not have it yet (a first `npm run cluster`
 * on a fresh PostgreSQL), connecting to the server's `postgres` database to do so.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return; // an unusual name: the operator made it
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
