import { and, count, eq, gte, sum } from 'drizzle-orm';
import { beijingDate, dayStart } from '../../../lib/sports/time.ts';
import type { Db } from '../../db/client.ts';
import {
  anchorApplications,
  rechargeOrders,
  rooms,
  roomReports,
  users,
  withdrawals,
} from '../../db/schema/index.ts';

/** The console's front page figures, read fresh from the database on every call. */
export function createOpsDashboard(db: Db) {
  return {
    async figures(now = Date.now()) {
      const today = new Date(dayStart(beijingDate(now)));
      const one = async (q: Promise<{ n: number | string | null }[]>) => Number((await q)[0]?.n ?? 0);
      const [liveRooms, signUps, rechargeFen, withdrawalsWaiting, applicationsWaiting, reportsWaiting] =
        await Promise.all([
          one(db.select({ n: count() }).from(rooms).where(eq(rooms.liveState, 1))),
          one(db.select({ n: count() }).from(users).where(gte(users.createdAt, today))),
          one(
            db
              .select({ n: sum(rechargeOrders.amountFen) })
              .from(rechargeOrders)
              .where(and(eq(rechargeOrders.status, 'paid'), gte(rechargeOrders.paidAt, today))),
          ),
          one(db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'pending'))),
          one(
            db
              .select({ n: count() })
              .from(anchorApplications)
              .where(eq(anchorApplications.status, 'auditing')),
          ),
          one(db.select({ n: count() }).from(roomReports).where(eq(roomReports.status, 'pending'))),
        ]);
      return { liveRooms, signUps, rechargeFen, withdrawalsWaiting, applicationsWaiting, reportsWaiting };
    },
  };
}
