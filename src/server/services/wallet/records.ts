import { and, count, desc, eq, gt, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import {
  CURRENCY_LABEL,
  tradeTypeLabel,
  type Currency,
  type TradeType,
} from '../../../lib/vocab/trade-types.ts';
import { chinaTime } from '../../../lib/wallet.ts';
import { badRequest } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { tradeRecords, users } from '../../db/schema/index.ts';

export interface RecordFilter {
  type?: TradeType;
  currency?: Currency;
  /** China calendar days, YYYY-MM-DD, both included. */
  startDate?: string;
  endDate?: string;
  /** Only money coming in (POST /pay/record/income, the export). */
  incomeOnly?: boolean;
}

/** Largest export: a year of a busy anchor's income fits well inside. */
export const EXPORT_LIMIT = 20_000;

/** The UTC moment a China day starts; null for anything that is not a real YYYY-MM-DD date. */
function chinaDayStart(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(utc).toISOString().slice(0, 10) !== day) return null;
  return new Date(utc - 8 * 3600_000);
}

function conditions(userId: number, f: RecordFilter): SQL | undefined {
  const from = f.startDate ? chinaDayStart(f.startDate) : undefined;
  const endDay = f.endDate ? chinaDayStart(f.endDate) : undefined;
  if (from === null || endDay === null || (from && endDay && from > endDay))
    throw badRequest(WALLET_MSG.dateRangeInvalid);
  const until = endDay ? new Date(endDay.getTime() + 86_400_000) : undefined;
  return and(
    eq(tradeRecords.userId, userId),
    f.type ? eq(tradeRecords.type, f.type) : undefined,
    f.currency ? eq(tradeRecords.currency, f.currency) : undefined,
    f.incomeOnly ? gt(tradeRecords.amount, 0) : undefined,
    from ? gte(tradeRecords.createdAt, from) : undefined,
    until ? lt(tradeRecords.createdAt, until) : undefined,
  );
}

const counterparty = alias(users, 'counterparty');

/** A cell as Excel should read it: quoted, and never a formula (user text may start with = + - @). */
const cell = (v: string | number) => {
  const s = String(v);
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The trade records of one user: the lists of the wallet page and of POST /pay/record/*. */
export function createRecordService(db: Db) {
  async function rows(where: SQL | undefined, limit: number, offset: number) {
    const list = await db
      .select({ r: tradeRecords, cpNick: counterparty.nickName })
      .from(tradeRecords)
      .leftJoin(counterparty, eq(counterparty.id, tradeRecords.counterpartyId))
      .where(where)
      .orderBy(desc(tradeRecords.id))
      .limit(limit)
      .offset(offset);
    return list.map(({ r, cpNick }) => ({
      id: r.id,
      type: r.type,
      typeName: tradeTypeLabel(r.type),
      currency: r.currency as Currency,
      currencyName: CURRENCY_LABEL[r.currency as Currency],
      amount: r.amount,
      balanceAfter: r.balanceAfter,
      counterparty: r.counterpartyId && cpNick ? { id: r.counterpartyId, nickName: cpNick } : null,
      ref: r.ref,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  return {
    async list(userId: number, f: RecordFilter, pageNum: number, pageSize: number) {
      const where = conditions(userId, f);
      const [list, [{ total }]] = await Promise.all([
        rows(where, pageSize, (pageNum - 1) * pageSize),
        db.select({ total: count() }).from(tradeRecords).where(where),
      ]);
      return { list, total, pageNum, pageSize };
    },

    /** GET /pay/export/income/: the income records as CSV, UTF-8 with a BOM so Excel reads the Chinese. */
    async incomeCsv(userId: number, f: Omit<RecordFilter, 'incomeOnly'>): Promise<string> {
      const list = await rows(conditions(userId, { ...f, incomeOnly: true }), EXPORT_LIMIT, 0);
      const head = ['时间', '类型', '币种', '数量', '变动后余额', '对方', '业务单号', '备注'];
      const lines = list.map((r) =>
        [
          chinaTime(r.createdAt),
          r.typeName,
          r.currencyName,
          r.amount,
          r.balanceAfter,
          r.counterparty?.nickName ?? '',
          r.ref ?? '',
          r.note ?? '',
        ]
          .map(cell)
          .join(','),
      );
      return `\uFEFF${[head.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
    },
  };
}

export type RecordService = ReturnType<typeof createRecordService>;
