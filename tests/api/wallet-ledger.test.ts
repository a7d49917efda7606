import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_TYPE } from '../../src/lib/vocab/trade-types.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { tradeRecords, users, wallets } from '../../src/server/db/schema/index.ts';
import { auditLedger } from '../../src/server/services/wallet/audit.ts';
import type { Ledger } from '../../src/server/services/wallet/ledger.ts';
import { randomMobile } from '../support/accounts.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

describe.each(targets())('ledger on $name', (target) => {
  let t: TestContext;
  let ledger: Ledger;
  beforeAll(async () => {
    t = await createTestContext(target);
    ledger = t.app.services.wallet.ledger;
  });
  afterAll(() => t.close());

  const newUser = async () => {
    const mobile = randomMobile();
    const [u] = await t.app.db
      .insert(users)
      .values({ mobile, nickName: `账本${mobile.slice(-6)}` })
      .returning({ id: users.id });
    return u.id;
  };
  const recordsOf = (userId: number) =>
    t.app.db.select().from(tradeRecords).where(eq(tradeRecords.userId, userId)).orderBy(tradeRecords.id);
  const gift = { currency: 'diamond', type: TRADE_TYPE.systemGift } as const;

  it('credits and debits with one record each, holding the balance after', async () => {
    const u = await newUser();
    expect(await ledger.balances(u)).toEqual({ balance: 0, ticket: 0, ticketHeld: 0 });
    await ledger.credit({ userId: u, amount: 100, key: 'k1', ...gift, note: '新用户礼包' });
    const spent = await ledger.debit({
      userId: u,
      currency: 'diamond',
      amount: 30,
      type: TRADE_TYPE.giftTip,
      key: 'k2',
      ref: 'gift:1',
    });
    expect(spent).toMatchObject({
      amount: -30,
      balanceAfter: 70,
      type: 2,
      currency: 'diamond',
      ref: 'gift:1',
    });
    expect((await recordsOf(u)).map((r) => [r.type, r.amount, r.balanceAfter])).toEqual([
      [7, 100, 100],
      [2, -30, 70],
    ]);
    expect(await ledger.balances(u)).toEqual({ balance: 70, ticket: 0, ticketHeld: 0 });
  });

  it('refuses to go below zero: 10020 余额不足 and nothing written', async () => {
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 10, key: 'seed', ...gift });
    await expect(
      ledger.debit({ userId: u, currency: 'diamond', amount: 11, type: 2, key: 'too-much' }),
    ).rejects.toMatchObject({ code: 10020, message: '球钻余额不足，请先充值' });
    await expect(
      ledger.debit({ userId: u, currency: 'ticket', amount: 1, type: 2, key: 'no-tickets' }),
    ).rejects.toMatchObject({ code: 10020, message: '球票余额不足' });
    expect(await recordsOf(u)).toHaveLength(1);
    expect((await ledger.balances(u)).balance).toBe(10);
    // The CHECK constraint holds even for a write that skips the ledger.
    await expect(
      t.app.db.update(wallets).set({ balance: -1 }).where(eq(wallets.userId, u)),
    ).rejects.toThrow();
  });

  it('returns the first result for a repeated key and moves nothing, even when the repeats race', async () => {
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 500, key: 'fund', ...gift });
    const first = await ledger.debit({ userId: u, currency: 'diamond', amount: 40, type: 2, key: 'same' });
    const again = await ledger.debit({ userId: u, currency: 'diamond', amount: 40, type: 2, key: 'same' });
    expect(again).toEqual(first);
    const raced = await Promise.all(
      Array.from({ length: 8 }, () =>
        ledger.debit({ userId: u, currency: 'diamond', amount: 25, type: 2, key: 'race' }),
      ),
    );
    expect(new Set(raced.map((r) => r.id)).size).toBe(1);
    expect((await ledger.balances(u)).balance).toBe(500 - 40 - 25);
    expect(await recordsOf(u)).toHaveLength(3);
    await expect(
      ledger.debit({ userId: u, currency: 'diamond', amount: 41, type: 2, key: 'same' }),
    ).rejects.toMatchObject({ code: 400, message: '请求编号已用于其他操作，请刷新后重试' });
  });

  it('transfers 球钻 out and 球票 in within one transaction, idempotently', async () => {
    const [viewer, anchor] = [await newUser(), await newUser()];
    await ledger.credit({ userId: viewer, amount: 100, key: 'fund', ...gift });
    const move = {
      from: { userId: viewer, currency: 'diamond', amount: 66, type: 2 },
      to: { userId: anchor, currency: 'ticket', amount: 66, type: 9 },
      key: 'gift-1',
    } as const;
    const done = await ledger.transfer(move);
    expect(done.debit).toMatchObject({
      userId: viewer,
      amount: -66,
      balanceAfter: 34,
      counterpartyId: anchor,
    });
    expect(done.credit).toMatchObject({
      userId: anchor,
      currency: 'ticket',
      amount: 66,
      balanceAfter: 66,
      counterpartyId: viewer,
      type: 9,
    });
    expect(await ledger.transfer(move)).toEqual(done);
    // Too little left: neither side moves.
    await expect(ledger.transfer({ ...move, key: 'gift-2' })).rejects.toMatchObject({ code: 10020 });
    expect(await ledger.balances(anchor)).toMatchObject({ ticket: 66 });
    expect(await recordsOf(anchor)).toHaveLength(1);
  });

  it('holds 球票 for a withdrawal, then pays them out or releases them (type 6)', async () => {
    const u = await newUser();
    await ledger.credit({
      userId: u,
      currency: 'ticket',
      amount: 5000,
      type: TRADE_TYPE.giftIncome,
      key: 'income',
    });
    await ledger.hold({ userId: u, amount: 3000, type: TRADE_TYPE.withdrawal, key: 'w1' });
    expect(await ledger.balances(u)).toEqual({ balance: 0, ticket: 2000, ticketHeld: 3000 });
    await expect(
      ledger.hold({ userId: u, amount: 2001, type: TRADE_TYPE.withdrawal, key: 'w2' }),
    ).rejects.toMatchObject({ code: 10020 });
    await ledger.release({ userId: u, amount: 1000, type: TRADE_TYPE.refund, key: 'r1' });
    await t.app.db.transaction((tx) => ledger.payOut(tx as never, u, 2000));
    expect(await ledger.balances(u)).toEqual({ balance: 0, ticket: 3000, ticketHeld: 0 });
    expect((await recordsOf(u)).map((r) => [r.type, r.amount, r.balanceAfter])).toEqual([
      [9, 5000, 5000],
      [3, -3000, 2000],
      [6, 1000, 3000],
    ]);
  });

  it('audit finds a wallet that disagrees with its records, and a broken balance chain', async () => {
    const u = await newUser();
    await ledger.credit({ userId: u, amount: 50, key: 'a', ...gift });
    // Holds from the test above are not backed by withdrawals: only look at this user.
    const mine = async () => (await auditLedger(t.app.db)).filter((m) => m.userId === u);
    expect(await mine()).toEqual([]);
    await t.app.db
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + 7` })
      .where(eq(wallets.userId, u));
    expect(await mine()).toEqual([
      { userId: u, kind: 'balance', currency: 'diamond', expected: 50, actual: 57 },
    ]);
    await t.app.db.update(wallets).set({ balance: 50 }).where(eq(wallets.userId, u));
    await ledger.debit({ userId: u, currency: 'diamond', amount: 5, type: 2, key: 'b' });
    await t.app.db.update(tradeRecords).set({ balanceAfter: 44 }).where(eq(tradeRecords.idempotencyKey, 'b'));
    expect(await mine()).toMatchObject([{ kind: 'chain', expected: 45, actual: 44 }]);
  });
});

describe('npm run ledger:audit', () => {
  // The embedded database of DATA_DIR, whatever the caller's shell points at.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const run = (dataDir: string) =>
    spawnSync(process.execPath, ['src/server/services/wallet/audit-cli.ts'], {
      env: { ...inherited, DATA_DIR: dataDir },
      encoding: 'utf8',
    });

  it('prints a clean result on the seeded database, mismatches and exit 1 once a balance is tampered with', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'qyq-audit-test-'));
    try {
      const t = await createTestContext({ name: 'pglite' }, { DATA_DIR: dataDir });
      await t.close();
      const clean = run(dataDir);
      expect(clean.stdout).toContain('账本核对通过');
      expect(clean.status).toBe(0);

      const handle = await openDatabase({ dataDir });
      const [fan] = await handle.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.mobile, '13800000001'));
      await handle.db
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + 1` })
        .where(eq(wallets.userId, fan.id));
      await handle.close();
      const broken = run(dataDir);
      expect(broken.stdout).toMatch(new RegExp(`用户 ${fan.id}\\s+球钻\\s+钱包余额 \\d+，按流水应为 \\d+`));
      expect(broken.stdout).toContain('账本核对失败：1 处不一致');
      expect(broken.status).toBe(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
