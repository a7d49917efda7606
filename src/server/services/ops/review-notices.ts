import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withdrawals } from '../../db/schema/index.ts';
import type { NotificationService } from '../notifications/notifications.ts';

/**
 * Tells a user how staff decided on their withdrawal (消息通知, kind 提现), with the reason of a rejection.
 * Called once the review has committed, so a notice never announces a decision that rolled back.
 */
export function createReviewNotices(deps: { db: Db; notices: NotificationService }) {
  return {
    async withdrawal(id: number) {
      const [w] = await deps.db.select().from(withdrawals).where(eq(withdrawals.id, id));
      if (!w || w.status === 'pending') return;
      const paid = w.status === 'paid';
      await deps.notices.notify(deps.db, {
        userId: w.userId,
        kind: 'withdrawal',
        title: paid ? '提现已打款' : '提现已驳回',
        body: paid
          ? `您提现的 ${w.amount} 球票已打款至 ${w.bankName}（${w.cardNoMasked}），请留意到账。`
          : `您提现的 ${w.amount} 球票未通过审核，原因：${w.reviewNote ?? ''}。球票已退回您的账户。`,
        link: '/v/wallet',
      });
    },
  };
}

export type ReviewNotices = ReturnType<typeof createReviewNotices>;
