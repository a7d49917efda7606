import { inArray } from 'drizzle-orm';
import { TRADE_TYPE } from '../../lib/vocab/trade-types.ts';
import { maskCardNo, payoutFen } from '../../lib/wallet.ts';
import type { Db } from '../db/client.ts';
import { users, withdrawals } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import type { Pii } from '../pii.ts';
import type { WalletServices } from '../services/wallet/index.ts';

/**
 * Withdrawals waiting in the console's queue, so a newcomer to /ops/money sees it at work. Each demo
 * anchor is first paid a 球票 prize for the site's monthly anchor event (type 5), then asks for part of
 * it, held exactly as POST /pay/withdraw holds it (type 3). The card numbers are demo numbers (a bank
 * prefix padded with zeros and a valid check digit), not anybody's card.
 */
const WAITING = [
  { anchor: '13800000101', prize: 6_000, amount: 5_000, bank: '中国工商银行', card: '622202000101' },
  { anchor: '13800000102', prize: 4_000, amount: 3_600, bank: '招商银行', card: '621485000102' },
  { anchor: '13800000103', prize: 10_000, amount: 8_000, bank: '中国建设银行', card: '621700000103' },
] as const;

/** Pads a demo prefix to 18 digits and appends the Luhn check digit: a 19-digit card number. */
function withCheckDigit(body: string): string {
  for (let check = 0; check < 10; check++) {
    const n = body + check;
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return n;
  }
  throw new Error('unreachable');
}

/** Runs once: when any withdrawal exists (seeded or real) the queue is left to the staff. */
export async function seedWithdrawals(db: Db, wallet: WalletServices, pii: Pii, log: Logger): Promise<void> {
  if ((await db.$count(withdrawals)) > 0) return;
  const people = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(
      inArray(
        users.mobile,
        WAITING.map((w) => w.anchor),
      ),
    );
  const idOf = new Map(people.map((p) => [p.mobile, p.id]));
  for (const [i, w] of WAITING.entries()) {
    const anchorId = idOf.get(w.anchor);
    if (!anchorId) continue;
    await wallet.ledger.credit({
      userId: anchorId,
      currency: 'ticket',
      amount: w.prize,
      type: TRADE_TYPE.prizePayout,
      key: 'seed:anchor-prize',
      note: '主播月度直播活动奖励',
    });
    const cardNo = withCheckDigit(w.card.padEnd(18, '0'));
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(withdrawals)
        .values({
          userId: anchorId,
          amount: w.amount,
          payoutFen: payoutFen(w.amount),
          bankName: w.bank,
          cardNoMasked: maskCardNo(cardNo),
          cardNoEnc: pii.encrypt(cardNo),
          idempotencyKey: `seed:withdraw:${i}`,
        })
        .returning();
      await wallet.ledger.hold(
        {
          userId: anchorId,
          amount: w.amount,
          type: TRADE_TYPE.withdrawal,
          key: `withdraw:${row.id}`,
          ref: `withdraw:${row.id}`,
          note: `提现至${w.bank}(${cardNo.slice(-4)})`,
        },
        tx,
      );
    });
  }
  log.info('demo withdrawals waiting for review');
}
