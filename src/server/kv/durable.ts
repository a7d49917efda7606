import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { Kv } from './kv.ts';

/**
 * Keys whose counters guard money or SMS: an in-memory count would reset on a restart (kill -9 and
 * 20 more SMS from one address in the same hour). Without Redis these are counted in PostgreSQL.
 */
const DURABLE =
  /^(?:sms:|rl:(?:recharge|gift|nobility|red-packet|red-packet-grab|horn|withdraw|password|pay-notify|export|plan-buy|sandbox-pay|staff-money|sms):)/;

export const isDurableKey = (key: string) => DURABLE.test(key);

/** The rows of db.execute: node-postgres and PGlite put them under `rows`, postgres-js returns them. */

/**
 * The memory KV with its money and SMS counters kept in the database (table durable_counters, one
 * upsert per count, the database clock for windows). Only counters (incr, ttl) are kept there;
 * everything else stays in memory.
 */
export function withDurableCounters(kv: Kv, db: Db): Kv {
  async function incr(key: string, windowMs: number, by: number): Promise<number> {
    const res = await db.execute(sql`
      insert into durable_counters (key, count, expires_at)
      values (${key}, ${by}::int, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        count = case when durable_counters.expires_at <= now() then ${by}::int else durable_counters.count + ${by}::int end,
        expires_at = case when durable_counters.expires_at <= now() then excluded.expires_at else durable_counters.expires_at end
      returning count`);
    return Number(rowsOf<{ count: number }>(res)[0].count);
  }
  async function ttl(key: string): Promise<number> {
    const res = await db.execute(sql`
      select greatest(0, extract(epoch from expires_at - now()) * 1000)::int as ms
      from durable_counters where key = ${key}`);
    return Number(rowsOf<{ ms: number }>(res)[0]?.ms ?? 0);
  }
  return {
    ...kv,
    incr: (key, windowMs, by = 1) =>
      isDurableKey(key) ? incr(key, windowMs, by) : kv.incr(key, windowMs, by),
    ttl: (key) => (isDurableKey(key) ? ttl(key) : kv.ttl(key)),
  };
}
