import { and, eq, sql } from 'drizzle-orm';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { MUTE_OPTIONS } from '../../../lib/ops/labels.ts';
import {
  ACTIONS_OF,
  reportOutcomeText,
  type ReportAction,
  type ReportSource,
} from '../../../lib/ops/reports.ts';
import { assertAccess } from '../../access.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  chatMessages,
  newsCommentReports,
  newsComments,
  reports,
  roomForbids,
  roomReports,
} from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../errors.ts';
import type { Actor } from '../community/posts.ts';
import type { ReportService } from '../community/reports.ts';
import type { RoomPublisher } from '../live/events.ts';
import type { NewsComments } from '../news/comments.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsLog } from './log.ts';
import { describeCase } from './report-cases.ts';
import type { ReportQueue } from './report-queue.ts';
import type { OpsUsers, Staff } from './users.ts';

export interface ReportDecision {
  source: ReportSource;
  targetId: number;
  action: ReportAction;
  reason: string;
  /** mute: one of MUTE_OPTIONS; roomBan: the same, or none for good. */
  minutes?: number;
  secondFactorCode?: unknown;
}

const chars = (s: string) => [...s].length;

/**
 * A staff decision on a case of the report queue. The penalty goes through the service that owns it (a
 * mute or ban through the console's user actions with their own log line and second factor, a room's
 * suspension through the live rooms, a post or comment through the community's review, a news comment's
 * status through the news comments); then the case's open reports close, the decision is logged
 * (`report.{action}`), and every reporter is told the outcome.
 */
export function createReportDecisions(deps: {
  db: Db;
  log: OpsLog;
  notices: NotificationService;
  users: OpsUsers;
  community: ReportService;
  newsComments: Pick<NewsComments, 'setStatus'>;
  suspendRoom: (staff: Staff, roomId: number, reason: string) => Promise<unknown>;
  publish: RoomPublisher;
  queue: ReportQueue;
}) {
  const { db, log, notices, users } = deps;

  /** Closes the open reports of a case; their reporters (none: someone decided first). */
  async function close(tx: Tx, source: ReportSource, id: number, upheld: boolean) {
    const state = upheld ? 'upheld' : 'dismissed';
    if (source === 'room')
      return tx
        .update(roomReports)
        .set({ status: 'handled' })
        .where(and(eq(roomReports.roomId, id), eq(roomReports.status, 'pending')))
        .returning({ reporterId: roomReports.reporterId });
    if (source === 'newsComment')
      return tx
        .update(newsCommentReports)
        .set({ state })
        .where(and(eq(newsCommentReports.commentId, id), eq(newsCommentReports.state, 'open')))
        .returning({ reporterId: newsCommentReports.userId });
    return tx
      .update(reports)
      .set({ state })
      .where(and(eq(reports.kind, source), eq(reports.targetId, id), eq(reports.state, 'open')))
      .returning({ reporterId: reports.reporterId });
  }

  return {
    async decide(staff: Actor, d: ReportDecision) {
      assertAccess(staff.roles, 'reports.review');
      if (!ACTIONS_OF[d.source].includes(d.action)) throw badRequest(OPS_MSG.reportActionInvalid);
      const reason = d.reason.trim();
      if (chars(reason) < 1 || chars(reason) > 100) throw badRequest(OPS_MSG.opsReasonRequired);
      const mute = MUTE_OPTIONS.find((o) => o.minutes === d.minutes);
      if (d.action === 'mute' && !mute) throw badRequest(OPS_MSG.reportMuteMinutes);
      const it = await describeCase(db, d.source, d.targetId);
      const author = it.authorId;
      if (author === staff.id) throw forbidden(OPS_MSG.opsOwnReport);
      if (['mute', 'ban', 'roomBan'].includes(d.action) && author === null)
        throw badRequest(OPS_MSG.reportActionInvalid);
      if (d.action === 'roomBan' && it.roomId === null) throw badRequest(OPS_MSG.reportNoRoom);

      // Posts and comments: the community's review closes, logs and tells the reporters.
      if (d.source === 'post' || d.source === 'comment') {
        if (d.action === 'mute') await users.mute(staff, author!, mute!.minutes, reason);
        if (d.action === 'ban') await users.ban(staff, author!, reason, d.secondFactorCode);
        return deps.community.review(staff, {
          targetType: d.source,
          targetId: d.targetId,
          decision: d.action === 'dismiss' ? 'restore' : 'hide',
          reason,
        });
      }

      if (!(await deps.queue.reportsOf(d.source, d.targetId)).length)
        throw badRequest(COMMUNITY_MSG.reportNotOpen);
      // The penalties that belong to other services, each logged there too.
      if (d.action === 'mute') await users.mute(staff, author!, mute!.minutes, reason);
      if (d.action === 'ban') await users.ban(staff, author!, reason, d.secondFactorCode);
      if (d.action === 'hide' && d.source === 'room') await deps.suspendRoom(staff, d.targetId, reason);
      let forbidUntil: string | null = null;

      const reporters = await db.transaction(async (tx) => {
        const closed = await close(tx, d.source, d.targetId, d.action !== 'dismiss');
        if (!closed.length) throw badRequest(COMMUNITY_MSG.reportNotOpen);
        if (d.action === 'hide' && d.source === 'chat')
          await tx.delete(chatMessages).where(eq(chatMessages.id, d.targetId));
        // Cleared: a line held for review goes back to its room.
        if (d.action === 'dismiss' && d.source === 'chat')
          await tx
            .update(chatMessages)
            .set({ extra: sql`${chatMessages.extra} - 'held'` })
            .where(eq(chatMessages.id, d.targetId));
        // A news comment through the comment service, which keeps its article's comment count.
        if (d.source === 'newsComment' && d.action === 'hide')
          await deps.newsComments.setStatus(tx, d.targetId, 'hidden');
        if (d.source === 'newsComment' && d.action === 'dismiss') {
          await deps.newsComments.setStatus(tx, d.targetId, 'visible');
          await tx.update(newsComments).set({ reportCount: 0 }).where(eq(newsComments.id, d.targetId));
        }
        if (d.action === 'roomBan') {
          const expiresAt = mute ? new Date(Date.now() + mute.minutes * 60_000) : null;
          forbidUntil = expiresAt?.toISOString() ?? null;
          await tx
            .insert(roomForbids)
            .values({ roomId: it.roomId!, userId: author!, byUserId: staff.id, expiresAt })
            .onConflictDoUpdate({
              target: [roomForbids.roomId, roomForbids.userId],
              set: { byUserId: staff.id, expiresAt, createdAt: new Date() },
            });
        }
        await log.record(tx, {
          actorId: staff.id,
          action: `report.${d.action}`,
          targetType: d.source,
          targetId: d.targetId,
          before: { content: it.content, authorId: author, gone: it.gone, reports: closed.length },
          after: {
            action: d.action,
            ...(mute && { minutes: mute.minutes }),
            ...(d.action === 'roomBan' && { roomId: it.roomId, until: forbidUntil }),
          },
          reason,
        });
        const body = reportOutcomeText(d.source, d.action, mute?.label.replace(' ', '') ?? '');
        const ids = [...new Set(closed.map((c) => c.reporterId))];
        for (const userId of ids)
          await notices.notify(tx, {
            userId,
            kind: 'system',
            title: OPS_MSG.reportOutcomeTitle,
            body,
            link: null,
          });
        return ids;
      });
      if (d.action === 'roomBan')
        await deps.publish
          .event({
            type: 'forbid',
            roomId: it.roomId!,
            userId: author!,
            nickName: it.authorName,
            until: forbidUntil,
          })
          .catch(() => {});
      return { decision: d.action, reporters: reporters.length };
    },
  };
}

export type ReportDecisions = ReturnType<typeof createReportDecisions>;
