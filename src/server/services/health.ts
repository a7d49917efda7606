import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Kv } from '../kv/kv.ts';

/** /readyz: the instance can serve when the database and the shared store answer. */
export function createHealthService(db: Db, kv: Kv) {
  let draining = false;
  return {
    /** From now on /readyz says no, so a balancer stops sending new requests here. */
    startDraining() {
      draining = true;
    },
    async check() {
      if (draining) return { ok: false, draining: true, database: true, kv: true };
      const [dbOk, kvOk] = await Promise.all([
        db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
        kv.set('health', '1', 5_000).then(
          () => true,
          () => false,
        ),
      ]);
      return { ok: dbOk && kvOk, database: dbOk, kv: kvOk };
    },
  };
}
