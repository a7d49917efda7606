import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PERSON_REPORT_REASONS, type ReportSource } from '../../../lib/ops/reports.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import type { Db } from '../../db/client.ts';
import {
  chatMessages,
  communityReports,
  newsCommentReports,
  reports,
  roomReports,
  users,
} from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { contextOf, describeCase, type CaseSummary } from './report-cases.ts';

export interface ReportCase extends CaseSummary {
  source: ReportSource;
  targetId: number;
  reports: number;
  reasons: string[];
  lastAt: string;
}

const PER_SOURCE = 100;
const chars = (s: string) => [...s].length;

/**
 * One queue over every kind of report: rooms (room_reports), chat messages and users (reports), posts and
 * comments (community_reports), news comments (news_comment_reports). A case is one reported thing with its
 * open reports; newest report first.
 */
export function createReportQueue(db: Db) {
  const grouped = async (
    source: ReportSource | null,
    q: Promise<
      { source?: string; targetId: number; reports: number; reasons: string[]; lastAt: Date | string }[]
    >,
  ) => (await q).map((r) => ({ ...r, source: (source ?? r.source) as ReportSource }));

  const agg = (t: { reason: AnyPgColumn; createdAt: AnyPgColumn }) => ({
    reports: sql<number>`count(*)::int`,
    reasons: sql<string[]>`array_agg(distinct ${t.reason})`,
    lastAt: sql<Date>`max(${t.createdAt})`,
  });

  async function openCases() {
    const sets = await Promise.all([
      grouped(
        'room',
        db
          .select({ targetId: roomReports.roomId, ...agg(roomReports) })
          .from(roomReports)
          .where(eq(roomReports.status, 'pending'))
          .groupBy(roomReports.roomId)
          .limit(PER_SOURCE),
      ),
      grouped(
        null,
        db
          .select({ source: reports.kind, targetId: reports.targetId, ...agg(reports) })
          .from(reports)
          .where(eq(reports.state, 'open'))
          .groupBy(reports.kind, reports.targetId)
          .limit(PER_SOURCE),
      ),
      grouped(
        null,
        db
          .select({
            source: communityReports.targetType,
            targetId: communityReports.targetId,
            ...agg(communityReports),
          })
          .from(communityReports)
          .where(eq(communityReports.state, 'open'))
          .groupBy(communityReports.targetType, communityReports.targetId)
          .limit(PER_SOURCE),
      ),
      grouped(
        'newsComment',
        db
          .select({ targetId: newsCommentReports.commentId, ...agg(newsCommentReports) })
          .from(newsCommentReports)
          .where(eq(newsCommentReports.state, 'open'))
          .groupBy(newsCommentReports.commentId)
          .limit(PER_SOURCE),
      ),
    ]);
    return sets
      .flat()
      .map((r) => ({ ...r, lastAt: new Date(r.lastAt).toISOString() }))
      .sort((a, b) => b.lastAt.localeCompare(a.lastAt));
  }

  return {
    /** The open cases, newest report first, each with what was reported. */
    async queue(limit = 100): Promise<ReportCase[]> {
      const open = (await openCases()).slice(0, limit);
      return Promise.all(
        open.map(async ({ source, targetId, reports: n, reasons, lastAt }) => ({
          source,
          targetId,
          reports: n,
          reasons,
          lastAt,
          ...(await describeCase(db, source, targetId)),
        })),
      );
    },

    /** What a case is about, and the context staff judge it by. */
    describe: (source: ReportSource, id: number) => describeCase(db, source, id),
    context: (source: ReportSource, id: number) => contextOf(db, source, id),

    /** How many cases wait (the dashboard's figure). */
    async waiting() {
      return (await openCases()).length;
    },

    /**
     * POST /svc/api/report/message {messageId, reason, detail?} and /api/report/user {userId, reason, detail?}:
     * a chat message (live room or match chat) or a user; what was reported is kept as it was.
     */
    async add(
      reporterId: number,
      input: { kind: 'chat' | 'user'; targetId: number; reason: string; detail?: string },
    ) {
      if (!(PERSON_REPORT_REASONS as readonly string[]).includes(input.reason))
        throw badRequest(LIVE_MSG.reportReasonInvalid);
      const detail = (input.detail ?? '').trim();
      if (chars(detail) > 200) throw badRequest(LIVE_MSG.reportDetailRule);
      let snapshot: Record<string, unknown>;
      if (input.kind === 'chat') {
        const [m] = await db.select().from(chatMessages).where(eq(chatMessages.id, input.targetId));
        if (!m || m.kind !== 'text') throw notFound(OPS_MSG.reportMessageNotFound);
        if (m.userId === reporterId) throw badRequest(COMMUNITY_MSG.reportSelf);
        const sender = m.sender as { nickName?: string };
        snapshot = {
          content: m.content,
          userId: m.userId,
          nickName: sender.nickName ?? '',
          roomId: m.roomId,
          matchId: m.matchId,
          at: m.createdAt.toISOString(),
        };
      } else {
        const [u] = await db
          .select({ id: users.id, nickName: users.nickName })
          .from(users)
          .where(eq(users.id, input.targetId));
        if (!u) throw notFound(ACCOUNT_MSG.userNotFound);
        if (u.id === reporterId) throw badRequest(COMMUNITY_MSG.reportSelf);
        snapshot = { userId: u.id, nickName: u.nickName };
      }
      const added = await db
        .insert(reports)
        .values({
          kind: input.kind,
          targetId: input.targetId,
          reporterId,
          reason: input.reason,
          detail,
          snapshot,
        })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      if (!added.length) throw badRequest(COMMUNITY_MSG.reportDuplicate);
      return { id: added[0].id };
    },

    /** The open reports of one case (who, why, when), oldest first. */
    async reportsOf(source: ReportSource, targetId: number) {
      const who = (ids: number[]) =>
        ids.length
          ? db.select({ id: users.id, nickName: users.nickName }).from(users).where(inArray(users.id, ids))
          : Promise.resolve([]);
      let rows: { reporterId: number; reason: string; detail: string; at: Date }[];
      if (source === 'room')
        rows = await db
          .select({
            reporterId: roomReports.reporterId,
            reason: roomReports.reason,
            detail: roomReports.detail,
            at: roomReports.createdAt,
          })
          .from(roomReports)
          .where(and(eq(roomReports.roomId, targetId), eq(roomReports.status, 'pending')));
      else if (source === 'chat' || source === 'user')
        rows = await db
          .select({
            reporterId: reports.reporterId,
            reason: reports.reason,
            detail: reports.detail,
            at: reports.createdAt,
          })
          .from(reports)
          .where(and(eq(reports.kind, source), eq(reports.targetId, targetId), eq(reports.state, 'open')));
      else if (source === 'newsComment')
        rows = await db
          .select({
            reporterId: newsCommentReports.userId,
            reason: newsCommentReports.reason,
            detail: sql<string>`''`,
            at: newsCommentReports.createdAt,
          })
          .from(newsCommentReports)
          .where(and(eq(newsCommentReports.commentId, targetId), eq(newsCommentReports.state, 'open')));
      else
        rows = await db
          .select({
            reporterId: communityReports.reporterId,
            reason: communityReports.reason,
            detail: sql<string>`''`,
            at: communityReports.createdAt,
          })
          .from(communityReports)
          .where(
            and(
              eq(communityReports.targetType, source),
              eq(communityReports.targetId, targetId),
              eq(communityReports.state, 'open'),
            ),
          );
      const names = new Map(
        (await who([...new Set(rows.map((r) => r.reporterId))])).map((u) => [u.id, u.nickName]),
      );
      return rows
        .sort((a, b) => +a.at - +b.at)
        .map((r) => ({ ...r, nickName: names.get(r.reporterId) ?? '', at: r.at.toISOString() }));
    },
  };
}

export type ReportQueue = ReturnType<typeof createReportQueue>;
