/**
 * Counts the statements an app's database client runs from now on (PGlite and node-postgres alike
 * go through `$client.query`); `stop` puts the client back.
 */
export function countQueries(db: unknown) {
  const client = (db as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let n = 0;
  client.query = (...args: unknown[]) => (n++, query.apply(client, args));
  return {
    get n() {
      return n;
    },
    reset: () => void (n = 0),
    stop: () => void (client.query = query),
  };
}
