// PGlite answers on the server's own thread: a job awaiting query after query must still let timers
// and I/O (sockets, static files) in, or a first start's catch-up holds every request for seconds.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_TURN_MS, type DbHandle } from '../../src/server/db/client.ts';

let handle: DbHandle | undefined;
afterAll(() => handle?.close());

describe('PGlite query chains', () => {
  it('give the event loop a turn while they run', async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    const { db } = handle;
    const started = performance.now();
    let firedAt: number | null = null;
    setTimeout(() => (firedAt = performance.now() - started), 0);
    // Query after query for a while, as the simulator's catch-up does.
    while (performance.now() - started < 20 * PGLITE_TURN_MS) await db.execute(sql`select 1`);
    const chainMs = performance.now() - started;
    expect(firedAt).not.toBeNull();
    expect(firedAt!).toBeLessThan(chainMs / 2);
  });
});
