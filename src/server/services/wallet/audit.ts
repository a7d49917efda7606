import { sql } from 'drizzle-orm';
import type { Mismatch } from '../../../lib/ops/ledger-audit.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export type { Mismatch };

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

/**
 * Recomputes every balance from the trade records (npm run ledger:audit). Clean when it
 * returns nothing. Runs in one REPEATABLE READ transaction so that money moving meanwhile does
 * not show up as a false mismatch on PostgreSQL.
 */
export async function auditLedger(db: Db): Promise<Mismatch[]> {
  return db.transaction(
    async (tx) => {
      const balances = rowsOf<Row>(
        await tx.execute(sql`
          with sums as (
            select user_id,
                   coalesce(sum(amount) filter (where currency = 'diamond'), 0) as diamond,
                   coalesce(sum(amount) filter (where currency = 'ticket'), 0) as ticket
              from trade_records group by user_id),
          pending as (
            select user_id, sum(amount) as held from withdrawals where status = 'pending' group by user_id)
          select coalesce(w.user_id, s.user_id, p.user_id) as user_id,
                 coalesce(w.balance, 0) as balance, coalesce(s.diamond, 0) as diamond,
                 coalesce(w.ticket, 0) as ticket, coalesce(s.ticket, 0) as ticket_sum,
                 coalesce(w.ticket_held, 0) as held, coalesce(p.held, 0) as pending
            from wallets w
            full join sums s on s.user_id = w.user_id
            full join pending p on p.user_id = coalesce(w.user_id, s.user_id)
           where coalesce(w.balance, 0) <> coalesce(s.diamond, 0)
              or coalesce(w.ticket, 0) <> coalesce(s.ticket, 0)
              or coalesce(w.ticket_held, 0) <> coalesce(p.held, 0)`),
      );
      const chain = rowsOf<Row>(
        await tx.execute(sql`
          select id, user_id, currency, balance_after, running from (
            select id, user_id, currency, balance_after,
                   sum(amount) over (partition by user_id, currency order by id) as running
              from trade_records) r
           where balance_after <> running
           order by id`),
      );
      const out: Mismatch[] = [];
      for (const r of balances) {
        const userId = num(r.user_id);
        if (num(r.balance) !== num(r.diamond))
          out.push({
            userId,
            kind: 'balance',
            currency: 'diamond',
            expected: num(r.diamond),
            actual: num(r.balance),
          });
        if (num(r.ticket) !== num(r.ticket_sum))
          out.push({
            userId,
            kind: 'balance',
            currency: 'ticket',
            expected: num(r.ticket_sum),
            actual: num(r.ticket),
          });
        if (num(r.held) !== num(r.pending))
          out.push({
            userId,
            kind: 'held',
            currency: 'ticket',
            expected: num(r.pending),
            actual: num(r.held),
          });
      }
      for (const r of chain) {
        out.push({
          userId: num(r.user_id),
          kind: 'chain',
          currency: r.currency as Mismatch['currency'],
          expected: num(r.running),
          actual: num(r.balance_after),
          recordId: num(r.id),
        });
      }
      return out;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
