import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * A lease in `sports_feed_state` (the table predates the other jobs): one instance at a time runs a
 * job when several share PostgreSQL; the others only read. The holder renews it; if it stops, another takes over once
 * the lease has run out. Uses the database clock, so instances need not agree on theirs.
 */
export function createLease(db: Db, name: string, holder: string, ttlMs: number) {
  return {
    /** True while this instance holds the lease (taking or renewing it as needed). */
    async hold(): Promise<boolean> {
      const result = await db.execute(sql`
        insert into sports_feed_state (name, holder, until, updated_at)
        values (${name}, ${holder}, now() + make_interval(secs => ${ttlMs / 1000}), now())
        on conflict (name) do update set holder = excluded.holder, until = excluded.until, updated_at = now()
        where sports_feed_state.holder = excluded.holder or sports_feed_state.until < now()
        returning holder`);
      return rowsOf(result).length > 0;
    },
    async release(): Promise<void> {
      await db.execute(
        sql`update sports_feed_state set until = now() - interval '1 second' where name = ${name} and holder = ${holder}`,
      );
    },
  };
}
