import { and, count, countDistinct, eq, gte, sql, sum } from 'drizzle-orm';
import { beijingDate, dayStart } from '../../../lib/sports/time.ts';
import type { Db } from '../../db/client.ts';
import type { Kv } from '../../kv/kv.ts';
import { readOnline } from '../../realtime/online.ts';
import {
  anchorApplications,
  communityReports,
  newsCommentReports,
  rechargeOrders,
  reports,
  rooms,
  roomReports,
  users,
  withdrawals,
} from '../../db/schema/index.ts';
import { readErrorRate } from './traffic.ts';

/** The console's front page figures, read fresh from the database and the shared KV on every call. */
export function createOpsDashboard(db: Db, kv: Kv) {
  const one = async (q: Promise<{ n: number | string | null }[]>) => Number((await q)[0]?.n ?? 0);

  /** Cases of the report queue nobody has handled yet (one per reported thing), by kind. */
  async function reportsWaiting() {
    const [rooms_, community, news, people] = await Promise.all([
      one(
        db
          .select({ n: countDistinct(roomReports.roomId) })
          .from(roomReports)
          .where(eq(roomReports.status, 'pending')),
      ),
      one(
        db
          .select({ n: countDistinct(sql`(${communityReports.targetType}, ${communityReports.targetId})`) })
          .from(communityReports)
          .where(eq(communityReports.state, 'open')),
      ),
      one(
        db
          .select({ n: countDistinct(newsCommentReports.commentId) })
          .from(newsCommentReports)
          .where(eq(newsCommentReports.state, 'open')),
      ),
      one(
        db
          .select({ n: countDistinct(sql`(${reports.kind}, ${reports.targetId})`) })
          .from(reports)
          .where(eq(reports.state, 'open')),
      ),
    ]);
    return {
      rooms: rooms_,
      community,
      newsComments: news,
      people,
      total: rooms_ + community + news + people,
    };
  }

  return {
    /**
     * The figures; the money ones (today's recharge, withdrawals waiting) only with `money` (财务 and
     * 管理员: an editor or operator alone must not see the takings), else money is null.
     */
    async figures(opts: { money: boolean }, now = Date.now()) {
      const today = new Date(dayStart(beijingDate(now)));
      const [
        liveRooms,
        signUps,
        rechargeFen,
        withdrawalsWaiting,
        applicationsWaiting,
        reports,
        online,
        errors,
      ] = await Promise.all([
        one(db.select({ n: count() }).from(rooms).where(eq(rooms.liveState, 1))),
        one(db.select({ n: count() }).from(users).where(gte(users.createdAt, today))),
        opts.money
          ? one(
              db
                .select({ n: sum(rechargeOrders.amountFen) })
                .from(rechargeOrders)
                .where(and(eq(rechargeOrders.status, 'paid'), gte(rechargeOrders.paidAt, today))),
            )
          : null,
        opts.money
          ? one(db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'pending')))
          : null,
        one(
          db.select({ n: count() }).from(anchorApplications).where(eq(anchorApplications.status, 'auditing')),
        ),
        reportsWaiting(),
        readOnline(kv, now),
        readErrorRate(kv, now),
      ]);
      return {
        liveRooms,
        /** Open sockets over every instance (null: no realtime hub has reported). */
        onlineSockets: online,
        signUps,
        money:
          rechargeFen === null || withdrawalsWaiting === null ? null : { rechargeFen, withdrawalsWaiting },
        applicationsWaiting,
        reportsWaiting: reports.total,
        reports,
        /** 5xx answers of /svc in the last five minutes. */
        errorRate: errors,
        at: new Date(now).toISOString(),
      };
    },
  };
}
