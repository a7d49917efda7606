import { and, count, desc, eq } from 'drizzle-orm';
import { HORN, hornPrice } from '../../../lib/live/rules.ts';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { horns, rooms, users } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { cleanText } from './chat.ts';
import type { RoomPublisher } from './events.ts';

/**
 * 喇叭: a paid line scrolled across every live room. Paid through the ledger as a system deduction
 * (trade type 8, note 全站喇叭); a retried request (same key) pays once and is announced once.
 */
export function createHornService(deps: { db: Db; ledger: Ledger; publish: RoomPublisher }) {
  const { db, ledger, publish } = deps;

  const view = (h: {
    id: number;
    nickName: string;
    content: string;
    roomId: number | null;
    createdAt: Date;
  }) => ({ ...h, createdAt: h.createdAt.toISOString() });
  const byKey = async (userId: number, key: string) =>
    (
      await db
        .select()
        .from(horns)
        .where(and(eq(horns.userId, userId), eq(horns.requestKey, key)))
    )[0];

  return {
    /** GET /api/horn/info: price for the caller (Lv7+ pay less), length limit, how long it shows. */
    async info(level: number | null) {
      return {
        price: hornPrice(level ?? 0),
        basePrice: HORN.price,
        maxLength: HORN.maxLength,
        showSeconds: HORN.showMs / 1000,
      };
    },

    async list(page: number, pageSize: number) {
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: horns.id,
            nickName: users.nickName,
            content: horns.content,
            roomId: horns.roomId,
            createdAt: horns.createdAt,
          })
          .from(horns)
          .innerJoin(users, eq(users.id, horns.userId))
          .orderBy(desc(horns.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(horns),
      ]);
      return { list: rows.map(view), total, page, pageSize };
    },

    async send(
      user: { id: number; level: number; nickName: string },
      input: { content: string; roomId?: number; key: string },
    ) {
      const content = cleanText(input.content);
      if (!content || [...content].length > HORN.maxLength) throw badRequest(LIVE_MSG.hornRule);
      const prior = await byKey(user.id, input.key);
      if (prior) return { horn: view({ ...prior, nickName: user.nickName }), balance: null };
      const price = hornPrice(user.level);
      let balance: number;
      let horn: typeof horns.$inferSelect;
      try {
        [horn, balance] = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(horns)
            .values({ userId: user.id, roomId: input.roomId ?? null, content, price, requestKey: input.key })
            .returning();
          const record = await ledger.debit(
            {
              userId: user.id,
              currency: 'diamond',
              amount: price,
              type: TRADE_TYPE.systemDeduction,
              key: `horn:${input.key}`,
              ref: `horn:${row.id}`,
              note: '全站喇叭',
            },
            tx,
          );
          return [row, record.balanceAfter] as const;
        });
      } catch (err) {
        const winner = isUniqueViolation(err) ? await byKey(user.id, input.key) : undefined;
        if (winner) return { horn: view({ ...winner, nickName: user.nickName }), balance: null };
        throw err;
      }
      const live = await db
        .select({ id: rooms.id })
        .from(rooms)
        .where(and(eq(rooms.liveState, 1), eq(rooms.auditState, 1)));
      await Promise.all(
        live.map((r) =>
          publish.event({ type: 'horn', roomId: r.id, id: horn.id, nickName: user.nickName, content }),
        ),
      );
      return { horn: view({ ...horn, nickName: user.nickName }), balance };
    },
  };
}
