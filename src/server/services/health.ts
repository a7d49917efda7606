import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Kv } from '../kv/kv.ts';

/** /readyz: the instance can serve when the database and the shared store answer. */
export function createHealthService(db: Db, kv: Kv) {
  return {
    async check() {
      const [dbOk, kvOk] = await Promise.all([
        db.execute(sql`select 1`).then(() => true, () => false),
        kv.set('health', '1', 5_000).then(() => true, () => false),
      ]);
      return { ok: dbOk && kvOk, database: dbOk, kv: kvOk };
    },
  };
}
