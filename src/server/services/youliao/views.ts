import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  CLIP_STATE_NAME,
  clipDuration,
  clipSportName,
  YOULIAO_MSG,
  type ClipState,
} from '../../../lib/youliao/rules.ts';
import type { Db } from '../../db/client.ts';
import { liveSessions, users, youliaoClips, youliaoPurchases } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isClipStaff, type ClipAccess, type Viewer } from './access.ts';

const columns = {
  clip: youliaoClips,
  nickName: users.nickName,
  portrait: users.portrait,
  replayTitle: liveSessions.title,
};
type Row = {
  clip: typeof youliaoClips.$inferSelect;
  nickName: string;
  portrait: string | null;
  replayTitle: string;
};

export type ClipView = ReturnType<ReturnType<typeof createClipViews>['view']>;

/** What pages and calls show of clips: lists, the detail with its play URL, the caller's own and bought. */
export function createClipViews(db: Db, access: ClipAccess) {
  const base = () =>
    db
      .select(columns)
      .from(youliaoClips)
      .innerJoin(users, eq(users.id, youliaoClips.anchorId))
      .innerJoin(liveSessions, eq(liveSessions.id, youliaoClips.sessionId));

  function view({ clip, nickName, portrait, replayTitle }: Row) {
    const state = clip.state as ClipState;
    return {
      id: clip.id,
      title: clip.title,
      sport: clip.sport,
      sportName: clipSportName(clip.sport),
      price: clip.price,
      free: clip.price === 0,
      duration: clip.duration,
      durationText: clip.duration == null ? '' : clipDuration(clip.duration),
      poster: state === 'ready' ? access.posterUrl(clip.id) : null,
      state,
      stateName: CLIP_STATE_NAME[state],
      takenDown: clip.takenDownAt !== null,
      sold: clip.sold,
      views: clip.views,
      sessionId: clip.sessionId,
      replayTitle,
      startSec: clip.startSec,
      endSec: clip.endSec,
      anchor: { id: clip.anchorId, nickName, portrait },
      createdAt: clip.createdAt.toISOString(),
    };
  }

  const manages = (clip: Row['clip'], v: Viewer | null) =>
    !!v && (v.id === clip.anchorId || v.id === clip.cutById || isClipStaff(v));

  async function boughtOf(userId: number | undefined, ids: number[]) {
    if (!userId || ids.length === 0) return new Set<number>();
    const rows = await db
      .select({ clipId: youliaoPurchases.clipId })
      .from(youliaoPurchases)
      .where(and(eq(youliaoPurchases.userId, userId), inArray(youliaoPurchases.clipId, ids)));
    return new Set(rows.map((r) => r.clipId));
  }

  /**
   * Whether `viewer` may watch the clip without a signed URL: free (unless taken down), or its
   * anchor, cutter, staff or a buyer.
   */
  async function mayWatch(clip: Row['clip'], viewer: Viewer | null) {
    if ((clip.price === 0 && !clip.takenDownAt) || manages(clip, viewer)) return true;
    return (await boughtOf(viewer?.id, [clip.id])).has(clip.id);
  }

  return {
    view,

    /** Ready clips staff have not taken down, newest or hottest (sales weigh five visits), of one sport or both. */
    async list(
      f: { sport?: number; sort: 'new' | 'hot'; pageNum: number; pageSize: number },
      viewer: Viewer | null,
    ) {
      const where = and(
        eq(youliaoClips.state, 'ready'),
        isNull(youliaoClips.takenDownAt),
        f.sport ? eq(youliaoClips.sport, f.sport) : undefined,
      );
      const hot = sql`${youliaoClips.sold} * 5 + ${youliaoClips.views}`;
      const order = f.sort === 'hot' ? [desc(hot), desc(youliaoClips.id)] : [desc(youliaoClips.id)];
      const [rows, total] = await Promise.all([
        base()
          .where(where)
          .orderBy(...order)
          .limit(f.pageSize)
          .offset((f.pageNum - 1) * f.pageSize),
        db.$count(youliaoClips, where),
      ]);
      const bought = await boughtOf(
        viewer?.id,
        rows.map((r) => r.clip.id),
      );
      const list = rows.map((r) => ({ ...view(r), bought: bought.has(r.clip.id) }));
      return { list, total, pageNum: f.pageNum, pageSize: f.pageSize };
    },

    /**
     * One clip; a clip still 处理中 or 失败 only for its anchor, cutter and staff. A clip taken down
     * answers 404 该有料已下架 to everyone but them and its buyers (who keep watching it).
     */
    async detail(id: number, viewer: Viewer | null) {
      const [row] = await base().where(eq(youliaoClips.id, id));
      if (!row) return null;
      const canManage = manages(row.clip, viewer);
      if (row.clip.state !== 'ready' && !canManage) return null;
      const bought = (await boughtOf(viewer?.id, [id])).has(id);
      if (row.clip.takenDownAt && !bought && !canManage) throw notFound(YOULIAO_MSG.takenDown);
      const unlocked = row.clip.price === 0 || bought || canManage;
      const ready = row.clip.state === 'ready';
      return {
        ...view(row),
        bought,
        unlocked,
        canManage,
        failReason: canManage ? row.clip.failReason : null,
        playUrl: ready && unlocked ? access.playUrl(id, row.clip.price > 0, viewer?.id ?? 0) : null,
      };
    },

    /** The clip's row (for serving its files). */
    async row(id: number) {
      const [clip] = await db.select().from(youliaoClips).where(eq(youliaoClips.id, id));
      return clip ?? null;
    },

    mayWatch,

    /** mayWatch for the user a play URL was signed for (their staff roles read now). */
    async mayWatchAs(clip: Row['clip'], userId: number) {
      const [user] = await db
        .select({ id: users.id, roles: users.roles })
        .from(users)
        .where(eq(users.id, userId));
      return !!user && (await mayWatch(clip, user));
    },

    /** Clips the caller owns or cut, every state, newest first. */
    async mine(actor: Viewer, limit = 50) {
      const rows = await base()
        .where(or(eq(youliaoClips.anchorId, actor.id), eq(youliaoClips.cutById, actor.id)))
        .orderBy(desc(youliaoClips.id))
        .limit(limit);
      return rows.map((r) => ({ ...view(r), failReason: r.clip.failReason }));
    },

    /** The caller's bought clips, newest purchase first. */
    async purchased(userId: number, pageNum: number, pageSize: number) {
      const where = eq(youliaoPurchases.userId, userId);
      const [rows, total] = await Promise.all([
        db
          .select({ ...columns, paid: youliaoPurchases.price, boughtAt: youliaoPurchases.createdAt })
          .from(youliaoPurchases)
          .innerJoin(youliaoClips, eq(youliaoClips.id, youliaoPurchases.clipId))
          .innerJoin(users, eq(users.id, youliaoClips.anchorId))
          .innerJoin(liveSessions, eq(liveSessions.id, youliaoClips.sessionId))
          .where(where)
          .orderBy(desc(youliaoPurchases.id))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .then((list) =>
            list.map((r) => ({ ...view(r), paid: r.paid, boughtAt: r.boughtAt.toISOString() })),
          ),
        db.$count(youliaoPurchases, where),
      ]);
      return { list: rows, total, pageNum, pageSize };
    },

    /** Finished broadcasts with a recording the caller may cut (their own; staff: everyone's). */
    async replays(actor: Viewer, limit = 50) {
      const rows = await db
        .select({
          id: liveSessions.id,
          title: liveSessions.title,
          navId: liveSessions.navId,
          startedAt: liveSessions.startedAt,
          replayUrl: liveSessions.replayUrl,
          nickName: users.nickName,
        })
        .from(liveSessions)
        .innerJoin(users, eq(users.id, liveSessions.anchorId))
        .where(
          and(
            isNotNull(liveSessions.replayUrl),
            isNotNull(liveSessions.endedAt),
            isClipStaff(actor) ? undefined : eq(liveSessions.anchorId, actor.id),
          ),
        )
        .orderBy(desc(liveSessions.startedAt))
        .limit(limit);
      return rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString() }));
    },
  };
}
