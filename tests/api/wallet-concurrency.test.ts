import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_TYPE } from '../../src/lib/vocab/trade-types.ts';
import { tradeRecords, users } from '../../src/server/db/schema/index.ts';
import { auditLedger } from '../../src/server/services/wallet/audit.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

const USERS = 50;
const OPS_PER_USER = 40;
/** Every fifth operation repeats an earlier one of the same user: same key, same request. */
const REPEAT_EVERY = 5;
const START = 200;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

interface Op {
  key: string;
  from: number;
  /** Set for a transfer (球钻 out, 球票 in); a plain debit otherwise. */
  to?: number;
  amount: number;
}

describe.each(targets())('ledger under concurrency on $name', (target) => {
  let t: TestContext;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestContext(target);
    const rows = await t.app.db
      .insert(users)
      .values(
        Array.from({ length: USERS }, (_, i) => ({
          mobile: `1370000${String(i).padStart(4, '0')}`,
          nickName: `并发用户${i}`,
        })),
      )
      .returning({ id: users.id });
    ids = rows.map((r) => r.id);
    for (const userId of ids) {
      await t.app.services.wallet.ledger.credit({
        userId,
        currency: 'diamond',
        amount: START,
        type: TRADE_TYPE.systemGift,
        key: 'start',
      });
    }
  });
  afterAll(() => t.close());

  it(`${USERS} users × ${OPS_PER_USER} parallel debits and transfers: no negative balance, one record per success, audit clean`, async () => {
    const { ledger } = t.app.services.wallet;
    const next = random(20_240_601);
    const ops: Op[] = [];
    for (const [u, from] of ids.entries()) {
      const mine: Op[] = [];
      for (let i = 0; i < OPS_PER_USER; i++) {
        if (i > 0 && i % REPEAT_EVERY === 0) {
          mine.push(mine[next(mine.length)]);
          continue;
        }
        const amount = 1 + next(20);
        const other = ids[(u + 1 + next(USERS - 1)) % USERS];
        mine.push(
          next(2) === 0
            ? { key: `d${u}-${i}`, from, amount }
            : { key: `t${u}-${i}`, from, to: other, amount },
        );
      }
      ops.push(...mine);
    }

    const results = await Promise.allSettled(
      ops.map((op) =>
        op.to === undefined
          ? ledger.debit({
              userId: op.from,
              currency: 'diamond',
              amount: op.amount,
              type: TRADE_TYPE.planPurchase,
              key: op.key,
            })
          : ledger.transfer({
              from: { userId: op.from, currency: 'diamond', amount: op.amount, type: TRADE_TYPE.giftTip },
              to: { userId: op.to, currency: 'ticket', amount: op.amount, type: TRADE_TYPE.giftIncome },
              key: op.key,
            }),
      ),
    );
    const failures = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason);
    // The balances are too small for everything: some fail, and only for want of money.
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.length).toBeLessThan(ops.length);
    expect(new Set(failures.map((e) => `${e.code} ${e.message}`))).toEqual(
      new Set(['10020 球钻余额不足，请先充值']),
    );

    const records = await t.app.db.select().from(tradeRecords).where(inArray(tradeRecords.userId, ids));
    const countOf = new Map<string, number>();
    for (const r of records)
      countOf.set(
        `${r.userId}|${r.idempotencyKey}`,
        (countOf.get(`${r.userId}|${r.idempotencyKey}`) ?? 0) + 1,
      );
    const expected = new Map(ids.map((id) => [id, { diamond: START, ticket: 0 }]));
    const settled = new Set<string>();
    for (const [i, op] of ops.entries()) {
      const ok = results[i].status === 'fulfilled';
      const debits = countOf.get(`${op.from}|${op.key}`) ?? 0;
      const credits = op.to === undefined ? 0 : (countOf.get(`${op.to}|from:${op.from}:${op.key}`) ?? 0);
      if (ok) {
        expect([debits, credits]).toEqual([1, op.to === undefined ? 0 : 1]);
        if (settled.has(op.key)) continue; // a repeat that returned the first result
        settled.add(op.key);
        expected.get(op.from)!.diamond -= op.amount;
        if (op.to !== undefined) expected.get(op.to)!.ticket += op.amount;
      } else if (
        !settled.has(op.key) &&
        !ops.some((o, j) => j !== i && o.key === op.key && results[j].status === 'fulfilled')
      ) {
        expect([debits, credits]).toEqual([0, 0]);
      }
    }

    for (const id of ids) {
      const b = await ledger.balances(id);
      expect(b.balance).toBeGreaterThanOrEqual(0);
      expect({ diamond: b.balance, ticket: b.ticket }).toEqual(expected.get(id));
    }
    expect(await auditLedger(t.app.db)).toEqual([]);
  }, 120_000);
});
