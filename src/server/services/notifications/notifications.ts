import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { NOTICE_KINDS, type NoticeKind, type NoticeView, type Page } from '../../../lib/community/types.ts';
import { CHANNEL, WS_CODE } from '../../../lib/realtime/codes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { publish } from '../../realtime/publish.ts';
import type { PubSub } from '../../realtime/pubsub.ts';

export interface Notice {
  userId: number;
  kind: NoticeKind;
  title: string;
  body?: string;
  link?: string | null;
}

type Row = typeof notifications.$inferSelect;
const view = (r: Row): NoticeView => ({
  id: r.id,
  kind: r.kind as NoticeKind,
  title: r.title,
  body: r.body,
  link: r.link,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

export const isNoticeKind = (k: unknown): k is NoticeKind => typeof k === 'string' && k in NOTICE_KINDS;

/**
 * 消息通知: any domain calls notify(q, {...}) — inside its own transaction when it has one — and the
 * user sees it at /v/message, in the header badge, and live over the socket's user channel.
 */
export function createNotificationService(db: Db, pubsub: PubSub) {
  async function notify(q: Tx, n: Notice): Promise<NoticeView> {
    const [row] = await q
      .insert(notifications)
      .values({
        userId: n.userId,
        kind: n.kind,
        title: n.title.slice(0, 120),
        body: (n.body ?? '').slice(0, 500),
        link: n.link ?? null,
      })
      .returning();
    const notice = view(row);
    // A lost delivery only delays the badge until the next page load: never fail the caller for it.
    await publish(pubsub, CHANNEL.user(n.userId), WS_CODE.userNotice, {
      type: 'notice',
      notice,
    }).catch(() => {});
    return notice;
  }

  return {
    notify,

    async list(
      userId: number,
      opts: { kind?: NoticeKind; pageNum: number; pageSize: number },
    ): Promise<Page<NoticeView>> {
      const where = and(
        eq(notifications.userId, userId),
        opts.kind ? eq(notifications.kind, opts.kind) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.id))
          .limit(opts.pageSize)
          .offset((opts.pageNum - 1) * opts.pageSize),
        db.select({ total: count() }).from(notifications).where(where),
      ]);
      return { list: rows.map(view), total, pageNum: opts.pageNum, pageSize: opts.pageSize };
    },

    /** Unread counts per kind, plus `all`. */
    async unread(userId: number): Promise<Record<NoticeKind | 'all', number>> {
      const rows = await db
        .select({ kind: notifications.kind, n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .groupBy(notifications.kind);
      const out = Object.fromEntries([...Object.keys(NOTICE_KINDS), 'all'].map((k) => [k, 0])) as Record<
        NoticeKind | 'all',
        number
      >;
      for (const r of rows) {
        if (isNoticeKind(r.kind)) out[r.kind] = r.n;
        out.all += r.n;
      }
      return out;
    },

    /** Marks the given notices (or all of one kind, or all) read; only the owner's rows change. */
    async markRead(userId: number, opts: { ids?: number[]; kind?: NoticeKind }): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            opts.ids?.length ? inArray(notifications.id, opts.ids) : undefined,
            opts.kind ? eq(notifications.kind, opts.kind) : undefined,
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
