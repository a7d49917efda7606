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

/**
 * Keys whose plain values must survive a restart: the time of a phone's last SMS code, whose 60 s
 * resend window would otherwise start afresh on every restart.
 */
const DURABLE_VALUE = /^sms:last:/;

const isDurableValueKey = (key: string) => DURABLE_VALUE.test(key);

/**
 * The memory KV with its money and SMS counters kept in the database (table durable_counters, one
 * upsert per count, the database clock for windows), and the few values of DURABLE_VALUE in
 * table durable_values (the same clock for their expiry). Everything else stays in memory.
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
  const values = durableValues(db);
  const inDb = isDurableValueKey;
  return {
    ...kv,
    get: (key) => (inDb(key) ? values.get(key) : kv.get(key)),
    set: (key, value, ttlMs) => (inDb(key) ? values.set(key, value, ttlMs) : kv.set(key, value, ttlMs)),
    setIfAbsent: (key, value, ttlMs) =>
      inDb(key) ? values.setIfAbsent(key, value, ttlMs) : kv.setIfAbsent(key, value, ttlMs),
    take: (key) => (inDb(key) ? values.take(key) : kv.take(key)),
    del: (key) => (inDb(key) ? values.del(key) : kv.del(key)),
    incr: (key, windowMs, by = 1) =>
      isDurableKey(key) ? incr(key, windowMs, by) : kv.incr(key, windowMs, by),
    ttl: (key) => (isDurableKey(key) ? ttl(key) : kv.ttl(key)),
  };
}

/** get, set, setIfAbsent, take and del on table durable_values; an expired row counts as absent. */
function durableValues(db: Db) {
  const expiry = (ttlMs: number) => sql`now() + make_interval(secs => ${ttlMs / 1000})`;
  return {
    async get(key: string): Promise<string | null> {
      const res = await db.execute(sql`
        select value from durable_values where key = ${key} and expires_at > now()`);
      return rowsOf<{ value: string }>(res)[0]?.value ?? null;
    },
    async set(key: string, value: string, ttlMs: number): Promise<void> {
      await db.execute(sql`
        insert into durable_values (key, value, expires_at) values (${key}, ${value}, ${expiry(ttlMs)})
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
    },
    async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
      // One statement: of two racing calls only one inserts or replaces an expired row.
      const res = await db.execute(sql`
        insert into durable_values (key, value, expires_at) values (${key}, ${value}, ${expiry(ttlMs)})
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
          where durable_values.expires_at <= now()
        returning key`);
      return rowsOf(res).length > 0;
    },
    async take(key: string): Promise<string | null> {
      const res = await db.execute(sql`
        delete from durable_values where key = ${key} returning value, expires_at > now() as live`);
      const row = rowsOf<{ value: string; live: boolean }>(res)[0];
      return row?.live ? row.value : null;
    },
    async del(key: string): Promise<void> {
      await db.execute(sql`delete from durable_values where key = ${key}`);
    },
  };
}
