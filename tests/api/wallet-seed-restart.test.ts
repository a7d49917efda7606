import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { gifts, tradeRecords, wallets } from '../../src/server/db/schema/index.ts';
import type { AppContext } from '../../src/server/context.ts';
import { createSiblingContext, createTestContext, targets, type TestContext } from '../support/context.ts';

/**
 * The demo seed runs again at every start on PostgreSQL (and on PGlite after a code change). It
 * sends the demo gifts with fixed keys; once an admin had changed a gift's price, the ledger refused
 * the same key for the new amount and the server exited at every start.
 */
describe.each(targets())('a start after staff changed a seeded gift, on $name', (target) => {
  const open: TestContext[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const t of open.reverse()) await t.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** Two starts on one database: the second runs the whole seed again, as after a deploy. */
  async function firstAndSecondStart(between: (app: AppContext) => Promise<void>) {
    if (target.databaseUrl) {
      const first = await createTestContext(target);
      open.push(first);
      await between(first.app);
      const second = await createSiblingContext(first);
      open.push(second);
      return second.app;
    }
    const dir = mkdtempSync(join(tmpdir(), 'qyq-seed-'));
    dirs.push(dir);
    const env = { DATA_DIR: dir, APP_SECRET: randomBytes(32).toString('hex') };
    const first = await createTestContext(target, env);
    await between(first.app);
    await first.close();
    // The set-up stamp says "nothing changed"; without it the seed runs again, as after a code change.
    rmSync(join(dir, 'pg', 'qyq-setup-stamp'));
    const second = await createTestContext(target, env);
    open.push(second);
    return second.app;
  }

  it('starts, sends no demo gift twice and leaves every balance as it was', async () => {
    let balancesBefore: unknown[] = [];
    const app = await firstAndSecondStart(async (first) => {
      await first.db.update(gifts).set({ price: 77 }).where(eq(gifts.name, '足球'));
      balancesBefore = await first.db.select().from(wallets).orderBy(wallets.userId);
    });
    expect(app.failedSeeds).toEqual([]);
    expect(await app.db.select().from(wallets).orderBy(wallets.userId)).toEqual(balancesBefore);
    const sent = await app.db
      .select({ id: tradeRecords.id })
      .from(tradeRecords)
      .where(eq(tradeRecords.idempotencyKey, 'gift:seed-0'));
    expect(sent).toHaveLength(1);
  });
});
