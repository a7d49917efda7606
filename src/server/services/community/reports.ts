import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { COMMUNITY_REPORT_REASONS, REPORTS_TO_HIDE } from '../../../lib/community/rules.ts';
import { MSG } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { comments, communityBans, communityReports, posts, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { OpsServices } from '../ops/index.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { CommentService } from './comments.ts';
import { setPostStatus, type Actor } from './posts.ts';

export type ReportTarget = 'post' | 'comment';
export type Decision = 'hide' | 'restore' | 'ban';

interface Item {
  authorId: number;
  status: string;
  postId: number;
  content: string;
  /** Circle posts can be pinned by staff (from the queue too); comments and dynamics cannot. */
  pinnable: boolean;
  pinned: boolean;
}

/** Reports: three distinct reporters hide an item at once; staff then hide it for good, restore it, or ban the author. */
export function createReportService(
  db: Db,
  notices: NotificationService,
  ops: OpsServices,
  commentService: Pick<CommentService, 'setStatus'>,
) {
  async function item(q: Tx, type: ReportTarget, id: number): Promise<Item | null> {
    if (type === 'post') {
      const [p] = await q.select().from(posts).where(eq(posts.id, id));
      if (!p) return null;
      const { userId: authorId, status, id: postId, content, pinned } = p;
      return { authorId, status, postId, content, pinned, pinnable: p.kind === 1 };
    }
    const [c] = await q.select().from(comments).where(eq(comments.id, id));
    if (!c) return null;
    return {
      authorId: c.userId,
      status: c.status,
      postId: c.postId,
      content: c.content,
      pinnable: false,
      pinned: false,
    };
  }

  async function setStatus(q: Tx, type: ReportTarget, id: number, status: 'visible' | 'hidden') {
    if (type === 'post') {
      const [p] = await q.select().from(posts).where(eq(posts.id, id));
      if (p.status !== 'deleted') await setPostStatus(q, p, status);
      return;
    }
    await commentService.setStatus(q, id, status);
  }

  return {
    /** POST /inform/report/add. Returns whether the item is now hidden. */
    async report(actor: Actor, input: { targetType: ReportTarget; targetId: number; reason: string }) {
      if (!(COMMUNITY_REPORT_REASONS as readonly string[]).includes(input.reason))
        throw badRequest(COMMUNITY_MSG.reportReason);
      return db.transaction(async (tx) => {
        const it = await item(tx, input.targetType, input.targetId);
        if (!it || it.status === 'deleted')
          throw notFound(
            input.targetType === 'post' ? COMMUNITY_MSG.postNotFound : COMMUNITY_MSG.commentNotFound,
          );
        if (it.authorId === actor.id) throw badRequest(COMMUNITY_MSG.reportSelf);
        // The item's row lock orders concurrent reports, so the third one sees the two before it.
        if (input.targetType === 'post')
          await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, input.targetId)).for('update');
        else
          await tx
            .select({ id: comments.id })
            .from(comments)
            .where(eq(comments.id, input.targetId))
            .for('update');
        const added = await tx
          .insert(communityReports)
          .values({ ...input, reporterId: actor.id })
          .onConflictDoNothing()
          .returning();
        if (!added.length) throw badRequest(COMMUNITY_MSG.reportDuplicate);
        const [{ n }] = await tx
          .select({ n: count() })
          .from(communityReports)
          .where(
            and(
              eq(communityReports.targetType, input.targetType),
              eq(communityReports.targetId, input.targetId),
              eq(communityReports.state, 'open'),
            ),
          );
        const hidden = n >= REPORTS_TO_HIDE && it.status === 'visible';
        if (hidden) await setStatus(tx, input.targetType, input.targetId, 'hidden');
        return { reported: true, hidden: hidden || it.status === 'hidden' };
      });
    },

    /** Which of `targetIds` `userId` reported already (a post page shows 已举报 on the post and those comments). */
    async reportedAmong(userId: number, targetType: ReportTarget, targetIds: number[]) {
      if (targetIds.length === 0) return new Set<number>();
      const rows = await db
        .selectDistinct({ id: communityReports.targetId })
        .from(communityReports)
        .where(
          and(
            eq(communityReports.reporterId, userId),
            eq(communityReports.targetType, targetType),
            inArray(communityReports.targetId, targetIds),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /** The review queue: items with open reports, most reported first. */
    async queue(limit = 50) {
      const rows = await db
        .select({
          targetType: communityReports.targetType,
          targetId: communityReports.targetId,
          reports: count(),
          reasons: sql<string[]>`array_agg(distinct ${communityReports.reason})`,
          lastAt: sql<Date>`max(${communityReports.createdAt})`,
        })
        .from(communityReports)
        .where(eq(communityReports.state, 'open'))
        .groupBy(communityReports.targetType, communityReports.targetId)
        .orderBy(desc(count()), desc(sql`max(${communityReports.createdAt})`))
        .limit(limit);
      const out = [];
      for (const r of rows) {
        const it = await item(db, r.targetType as ReportTarget, r.targetId);
        if (!it) continue;
        const [author] = await db
          .select({ nickName: users.nickName })
          .from(users)
          .where(eq(users.id, it.authorId));
        out.push({
          ...r,
          ...it,
          authorName: author?.nickName ?? '',
          lastAt: new Date(r.lastAt).toISOString(),
        });
      }
      return out;
    },

    /** A staff decision, logged in the same transaction; every reporter is told the outcome. */
    async review(
      staff: Actor,
      input: { targetType: ReportTarget; targetId: number; decision: Decision; reason?: string },
    ) {
      const reporters = await db.transaction(async (tx) => {
        const it = await item(tx, input.targetType, input.targetId);
        if (!it) throw notFound(MSG.notFoundApi);
        if (it.authorId === staff.id) throw forbidden(OPS_MSG.opsOwnReport);
        const open = await tx
          .update(communityReports)
          .set({ state: input.decision === 'restore' ? 'dismissed' : 'upheld' })
          .where(
            and(
              eq(communityReports.targetType, input.targetType),
              eq(communityReports.targetId, input.targetId),
              eq(communityReports.state, 'open'),
            ),
          )
          .returning({ reporterId: communityReports.reporterId });
        if (!open.length) throw badRequest(COMMUNITY_MSG.reportNotOpen);
        const status = input.decision === 'restore' ? 'visible' : 'hidden';
        await setStatus(tx, input.targetType, input.targetId, status);
        if (input.decision === 'ban') {
          await tx
            .insert(communityBans)
            .values({ userId: it.authorId, reason: input.reason || '举报核实', bannedBy: staff.id })
            .onConflictDoNothing();
        }
        await ops.log.record(tx, {
          actorId: staff.id,
          action: `community.report.${input.decision}`,
          targetType: input.targetType,
          targetId: input.targetId,
          before: { status: it.status },
          after: { status, ...(input.decision === 'ban' && { bannedUserId: it.authorId }) },
          reason: input.reason ?? null,
        });
        return { ids: open.map((o) => o.reporterId), postId: it.postId };
      });
      const title =
        input.decision === 'restore' ? COMMUNITY_MSG.noticeReportRestored : COMMUNITY_MSG.noticeReportHidden;
      for (const userId of new Set(reporters.ids)) {
        await notices.notify(db, {
          userId,
          kind: 'system',
          title,
          link: input.decision === 'restore' ? `/community/post/${reporters.postId}` : null,
        });
      }
      return { decision: input.decision, reporters: reporters.ids.length };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
