import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { NOTICE_KINDS, type NoticeKind, type NoticeView, type Page } from '../../../lib/community/types.ts';
import { CHANNEL, WS_CODE } from '../../../lib/realtime/codes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { newsArticles, notifications, posts } from '../../db/schema/index.ts';
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
const view = (r: Row, removed = false): NoticeView => ({
  id: r.id,
  kind: r.kind as NoticeKind,
  title: r.title,
  body: r.body,
  link: removed ? null : r.link,
  removed,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

const POST_LINK = /^\/community\/post\/(\d+)(?:#.*)?$/;
const ARTICLE_LINK = /^\/news\/(\d+)(?:#.*)?$/;

/**
 * The links of these notices whose post or article readers can no longer open (deleted, hidden,
 * unpublished): a notice must not offer a link that ends on a 404 or 410.
 */
async function goneLinks(db: Db, links: (string | null)[]): Promise<Set<string>> {
  const idsOf = (re: RegExp) => [
    ...new Set(links.flatMap((l) => (l && re.test(l) ? [Number(re.exec(l)![1])] : []))),
  ];
  const [postIds, articleIds] = [idsOf(POST_LINK), idsOf(ARTICLE_LINK)];
  const [open, published] = await Promise.all([
    postIds.length
      ? db
          .select({ id: posts.id })
          .from(posts)
          .where(and(inArray(posts.id, postIds), eq(posts.status, 'visible')))
      : [],
    articleIds.length
      ? db
          .select({ id: newsArticles.id })
          .from(newsArticles)
          .where(and(inArray(newsArticles.id, articleIds), eq(newsArticles.status, 'published')))
      : [],
  ]);
  const openPosts = new Set(open.map((p) => p.id));
  const openArticles = new Set(published.map((a) => a.id));
  const gone = new Set<string>();
  for (const l of links) {
    if (!l) continue;
    const post = POST_LINK.exec(l);
    const article = ARTICLE_LINK.exec(l);
    if (post && !openPosts.has(Number(post[1]))) gone.add(l);
    if (article && !openArticles.has(Number(article[1]))) gone.add(l);
  }
  return gone;
}

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
      const gone = await goneLinks(
        db,
        rows.map((r) => r.link),
      );
      return {
        list: rows.map((r) => view(r, r.link !== null && gone.has(r.link))),
        total,
        pageNum: opts.pageNum,
        pageSize: opts.pageSize,
      };
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
