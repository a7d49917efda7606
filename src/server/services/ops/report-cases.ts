import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { ReportSource } from '../../../lib/ops/reports.ts';
import type { Db } from '../../db/client.ts';
import {
  chatMessages,
  comments,
  newsArticles,
  newsComments,
  posts,
  reports,
  rooms,
  users,
} from '../../db/schema/index.ts';

/** What a case is about: the reported thing as staff read it in the queue. */
export interface CaseSummary {
  /** The text reported (a message, a post, a room's title …). */
  content: string;
  /** Whose it is (the sender, the author, the anchor, the user reported); null when gone. */
  authorId: number | null;
  authorName: string;
  /** Where it lives on the site. */
  link: string | null;
  /** The room a chat message was sent in (for a ban from that room). */
  roomId: number | null;
  /** Gone from the site already (deleted, hidden). */
  gone: boolean;
}

/** One line of context: a chat message or a comment near the reported one. */
export interface ContextLine {
  id: number;
  nickName: string;
  content: string;
  at: string;
  reported: boolean;
}

const nick = async (db: Db, id: number | null) =>
  id === null
    ? ''
    : ((await db.select({ n: users.nickName }).from(users).where(eq(users.id, id)))[0]?.n ?? '');

export async function describeCase(db: Db, source: ReportSource, id: number): Promise<CaseSummary> {
  const none = {
    content: '（已删除）',
    authorId: null,
    authorName: '',
    link: null,
    roomId: null,
    gone: true,
  };
  switch (source) {
    case 'room': {
      const [r] = await db.select().from(rooms).where(eq(rooms.id, id));
      if (!r) return none;
      const name = await nick(db, r.anchorId);
      return {
        content: r.title,
        authorId: r.anchorId,
        authorName: name,
        link: `/live/${r.id}`,
        roomId: r.id,
        gone: r.auditState === 0,
      };
    }
    case 'chat': {
      // The report's snapshot: the message may since have been hidden.
      const [rep] = await db
        .select({ s: reports.snapshot })
        .from(reports)
        .where(and(eq(reports.kind, 'chat'), eq(reports.targetId, id)))
        .limit(1);
      const s = (rep?.s ?? {}) as {
        content?: string;
        userId?: number;
        nickName?: string;
        roomId?: number | null;
        matchId?: number | null;
      };
      const [still] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.id, id));
      const link = s.roomId ? `/live/${s.roomId}` : null;
      return {
        content: s.content ?? '',
        authorId: s.userId ?? null,
        authorName: s.nickName ?? '',
        link,
        roomId: s.roomId ?? null,
        gone: !still,
      };
    }
    case 'user': {
      const [u] = await db.select().from(users).where(eq(users.id, id));
      if (!u) return none;
      return {
        content: u.signature || `昵称：${u.nickName}`,
        authorId: u.id,
        authorName: u.nickName,
        link: `/personal/${u.id}`,
        roomId: null,
        gone: u.status !== 1,
      };
    }
    case 'post': {
      const [p] = await db.select().from(posts).where(eq(posts.id, id));
      if (!p) return none;
      return {
        content: p.content,
        authorId: p.userId,
        authorName: await nick(db, p.userId),
        link: `/community/post/${p.id}`,
        roomId: null,
        gone: p.status !== 'visible',
      };
    }
    case 'comment': {
      const [c] = await db.select().from(comments).where(eq(comments.id, id));
      if (!c) return none;
      return {
        content: c.content,
        authorId: c.userId,
        authorName: await nick(db, c.userId),
        link: `/community/post/${c.postId}`,
        roomId: null,
        gone: c.status !== 'visible',
      };
    }
    case 'newsComment': {
      const [c] = await db.select().from(newsComments).where(eq(newsComments.id, id));
      if (!c) return none;
      return {
        content: c.content,
        authorId: c.userId,
        authorName: await nick(db, c.userId),
        link: `/news/${c.articleId}`,
        roomId: null,
        gone: c.status !== 'visible',
      };
    }
  }
}

const chatLines = async (
  db: Db,
  where: SQL | undefined,
  order: 'asc' | 'desc',
  n: number,
  reportedId: number,
) => {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(where)
    .orderBy(order === 'asc' ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(n);
  return rows.map((m) => ({
    id: m.id,
    nickName: (m.sender as { nickName?: string }).nickName ?? '',
    content: m.content,
    at: m.createdAt.toISOString(),
    reported: m.id === reportedId,
  }));
};

/**
 * The context staff judge a case by: for a chat message the five messages before and after it in the same
 * room or match chat; for a room its latest chat; for a user their latest messages; for a comment its post
 * or article.
 */
export async function contextOf(
  db: Db,
  source: ReportSource,
  id: number,
): Promise<{ heading: string; lines: ContextLine[] }> {
  if (source === 'chat') {
    const [m] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
    if (!m) return { heading: '该消息已隐藏，上下文不可用', lines: [] };
    const same = m.roomId !== null ? eq(chatMessages.roomId, m.roomId) : eq(chatMessages.matchId, m.matchId!);
    const before = await chatLines(db, and(same, lt(chatMessages.id, id)), 'desc', 5, id);
    const after = await chatLines(db, and(same, gt(chatMessages.id, id)), 'asc', 5, id);
    const self = await chatLines(db, eq(chatMessages.id, id), 'asc', 1, id);
    return { heading: '前后消息', lines: [...before.reverse(), ...self, ...after] };
  }
  if (source === 'room')
    return {
      heading: '直播间最近的消息',
      lines: (await chatLines(db, eq(chatMessages.roomId, id), 'desc', 10, -1)).reverse(),
    };
  if (source === 'user')
    return {
      heading: '该用户最近的聊天消息',
      lines: (await chatLines(db, eq(chatMessages.userId, id), 'desc', 10, -1)).reverse(),
    };
  if (source === 'comment') {
    const [c] = await db.select({ postId: comments.postId }).from(comments).where(eq(comments.id, id));
    const [p] = c ? await db.select().from(posts).where(eq(posts.id, c.postId)) : [];
    return {
      heading: '所在帖子',
      lines: p
        ? [
            {
              id: p.id,
              nickName: await nick(db, p.userId),
              content: p.content,
              at: p.createdAt.toISOString(),
              reported: false,
            },
          ]
        : [],
    };
  }
  if (source === 'newsComment') {
    const [c] = await db.select().from(newsComments).where(eq(newsComments.id, id));
    const [a] = c
      ? await db
          .select({ id: newsArticles.id, title: newsArticles.title })
          .from(newsArticles)
          .where(eq(newsArticles.id, c.articleId))
      : [];
    return { heading: a ? `所在资讯：${a.title}` : '所在资讯已删除', lines: [] };
  }
  return { heading: '', lines: [] };
}
