import { randomInt } from 'node:crypto';
import { and, count, desc, eq, lte } from 'drizzle-orm';
import { MSG } from '../../../lib/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { DIAMONDS_PER_YUAN, ORDER_TTL_MS, RECHARGE_YUAN } from '../../../lib/wallet.ts';
import type { RechargeSetting } from '../../../lib/wallet-views.ts';
import { ORDER_STATUS_LABEL, type OrderStatus } from '../../../lib/vocab/pay-status.ts';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { rechargeOrders } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import type { PaymentProviders } from '../../providers/payment/index.ts';
import type { Ledger } from './ledger.ts';

/** Recharge packages (GET /pay/setting): yuan, and the bonus 球钻 on top of 10 per yuan. */
export const RECHARGE_PACKAGES = [
  { id: 'p6', yuan: 6, bonus: 0 },
  { id: 'p30', yuan: 30, bonus: 10 },
  { id: 'p68', yuan: 68, bonus: 30 },
  { id: 'p128', yuan: 128, bonus: 80 },
  { id: 'p328', yuan: 328, bonus: 300 },
  { id: 'p648', yuan: 648, bonus: 800 },
] as const;

type OrderRow = typeof rechargeOrders.$inferSelect;

/** Shanghai wall-clock digits of a moment: 20250301143005. */
const chinaStamp = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
/** CZ + yyyyMMddHHmmss (Beijing) + 6 random digits. */
const ORDER_NO = /^CZ\d{20}$/;
const newOrderNo = () => `CZ${chinaStamp(new Date())}${String(randomInt(1_000_000)).padStart(6, '0')}`;
const isLate = (o: OrderRow) => o.status === 'pending' && o.expiresAt.getTime() <= Date.now();

/** An order as the pages and the API show it; a pending order past its time reads as expired. */
export function orderView(o: OrderRow) {
  const status: OrderStatus = isLate(o) ? 'expired' : (o.status as OrderStatus);
  return {
    orderNo: o.orderNo,
    amountFen: o.amountFen,
    diamonds: o.diamonds,
    bonus: o.bonus,
    method: o.method,
    status,
    statusName: ORDER_STATUS_LABEL[status],
    createdAt: o.createdAt.toISOString(),
    expiresAt: o.expiresAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
  };
}
export type OrderView = ReturnType<typeof orderView>;

export interface RechargeInput {
  packageId?: string;
  /** Whole yuan, when no package is chosen. */
  yuan?: number;
  method: string;
  key: string;
}

/** Recharge orders and their settlement by the payment provider's signed callback. */
export function createRechargeService(deps: {
  db: Db;
  ledger: Ledger;
  providers: PaymentProviders;
  log: Logger;
}) {
  const { db, ledger, providers, log } = deps;

  async function payInfo(o: OrderRow) {
    const provider = providers.byName.get(o.provider)!;
    const payUrl = await provider.payUrl({
      orderNo: o.orderNo,
      amountFen: o.amountFen,
      subject: `球友圈 ${o.diamonds} 球钻`,
      method: o.method,
      expiresAt: o.expiresAt,
    });
    return { ...orderView(o), payUrl, provider: provider.name, demo: provider.demo };
  }

  const ownOrder = async (userId: number, orderNo: string) => {
    // Only our own numbers reach the database: anything else (a NUL byte, 10 KB of text) is unknown.
    if (!ORDER_NO.test(orderNo)) throw notFound(WALLET_MSG.orderNotFound);
    const [o] = await db
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.orderNo, orderNo), eq(rechargeOrders.userId, userId)));
    if (!o) throw notFound(WALLET_MSG.orderNotFound);
    return o;
  };

  return {
    setting(): RechargeSetting {
      const methods = [...providers.byName.values()].flatMap((p) =>
        p.methods.map((m) => ({ ...m, demo: p.demo })),
      );
      return {
        diamondsPerYuan: DIAMONDS_PER_YUAN,
        packages: RECHARGE_PACKAGES.map((p) => ({
          ...p,
          amountFen: p.yuan * 100,
          diamonds: p.yuan * DIAMONDS_PER_YUAN + p.bonus,
        })),
        custom: { minYuan: RECHARGE_YUAN.min, maxYuan: RECHARGE_YUAN.max },
        methods,
        orderTtlMinutes: ORDER_TTL_MS / 60_000,
      };
    },

    /** POST /pay/recharge: a new pending order (or, for a repeated key, the first one) and where to pay it. */
    async create(userId: number, input: RechargeInput) {
      const pkg = input.packageId ? RECHARGE_PACKAGES.find((p) => p.id === input.packageId) : undefined;
      if (input.packageId && !pkg) throw badRequest(WALLET_MSG.rechargePackageInvalid);
      const yuan = pkg?.yuan ?? input.yuan ?? 0;
      if (!Number.isInteger(yuan) || yuan < RECHARGE_YUAN.min || yuan > RECHARGE_YUAN.max)
        throw badRequest(WALLET_MSG.rechargeAmountInvalid);
      const provider = providers.forMethod(input.method);
      if (!provider) throw badRequest(WALLET_MSG.payMethodInvalid);
      const bonus = pkg?.bonus ?? 0;
      const byKey = and(eq(rechargeOrders.userId, userId), eq(rechargeOrders.idempotencyKey, input.key));
      const [prior] = await db.select().from(rechargeOrders).where(byKey);
      if (prior) return payInfo(prior);
      const values = {
        orderNo: newOrderNo(),
        userId,
        amountFen: yuan * 100,
        diamonds: yuan * DIAMONDS_PER_YUAN + bonus,
        bonus,
        packageId: pkg?.id ?? null,
        method: input.method,
        provider: provider.name,
        idempotencyKey: input.key,
        expiresAt: new Date(Date.now() + ORDER_TTL_MS),
      };
      try {
        const [o] = await db.insert(rechargeOrders).values(values).returning();
        return payInfo(o);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const [winner] = await db.select().from(rechargeOrders).where(byKey);
        if (winner) return payInfo(winner);
        throw err;
      }
    },

    /** One of the caller's orders, with where to pay it while it is pending. */
    async order(userId: number, orderNo: string) {
      return payInfo(await ownOrder(userId, orderNo));
    },

    /** The caller's orders, newest first (/v/order). Pending orders past their time are closed first. */
    async orders(userId: number, page: number, pageSize: number) {
      const mine = eq(rechargeOrders.userId, userId);
      await db
        .update(rechargeOrders)
        .set({ status: 'expired' })
        .where(and(mine, eq(rechargeOrders.status, 'pending'), lte(rechargeOrders.expiresAt, new Date())));
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(rechargeOrders)
          .where(mine)
          .orderBy(desc(rechargeOrders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(rechargeOrders).where(mine),
      ]);
      return { list: rows.map(orderView), total, pageNum: page, pageSize };
    },

    /**
     * A provider's callback. Verified first (a forged one changes nothing); then, in one
     * transaction, the pending order is marked paid and its 球钻 credited (trade type 1). A repeated
     * callback finds the order no longer pending and credits nothing; one for an expired order closes it.
     */
    async handleNotify(
      providerName: string,
      params: Record<string, string>,
    ): Promise<{ credited: boolean; order: OrderView }> {
      const provider = providers.byName.get(providerName);
      if (!provider) throw notFound(WALLET_MSG.notifyProviderUnknown);
      const notice = provider.verify(params);
      if (!notice) {
        log.warn(
          { provider: providerName, orderNo: params.orderNo },
          'payment callback with a bad signature',
        );
        throw badRequest(WALLET_MSG.notifySignatureInvalid);
      }
      return db.transaction(async (tx) => {
        const [o] = await tx
          .select()
          .from(rechargeOrders)
          .where(eq(rechargeOrders.orderNo, notice.orderNo))
          .for('update');
        if (!o || o.provider !== provider.name) throw notFound(WALLET_MSG.orderNotFound);
        if (o.status !== 'pending') return { credited: false, order: orderView(o) };
        const close = async (status: OrderStatus) => {
          const [closed] = await tx
            .update(rechargeOrders)
            .set({ status })
            .where(eq(rechargeOrders.id, o.id))
            .returning();
          return { credited: false, order: orderView(closed) };
        };
        if (isLate(o)) {
          if (notice.status === 'paid')
            log.warn(
              { orderNo: o.orderNo },
              'payment arrived after the order expired: refund it at the provider',
            );
          return close('expired');
        }
        if (notice.status === 'closed') return close('cancelled');
        if (notice.amountFen !== o.amountFen) {
          log.error(
            { orderNo: o.orderNo, paid: notice.amountFen, due: o.amountFen },
            'payment amount differs from the order',
          );
          throw badRequest(MSG.badRequest);
        }
        const [paid] = await tx
          .update(rechargeOrders)
          .set({ status: 'paid', paidAt: new Date(), providerTradeNo: notice.tradeNo })
          .where(eq(rechargeOrders.id, o.id))
          .returning();
        await ledger.credit(
          {
            userId: o.userId,
            currency: 'diamond',
            amount: o.diamonds,
            type: TRADE_TYPE.recharge,
            key: `recharge:${o.orderNo}`,
            ref: o.orderNo,
            note: `充值 ¥${o.amountFen / 100}`,
          },
          tx,
        );
        return { credited: true, order: orderView(paid) };
      });
    },
  };
}

export type RechargeService = ReturnType<typeof createRechargeService>;
