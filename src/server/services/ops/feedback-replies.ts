import { and, eq, inArray } from 'drizzle-orm';
import { MSG } from '../../../lib/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { beijingDate } from '../../../lib/sports/time.ts';
import { assertAccess } from '../../access.ts';
import type { Db } from '../../db/client.ts';
import { feedback, opsLog } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { MessageServices } from '../messages/index.ts';
import type { OpsLog } from './log.ts';
import type { Staff } from './users.ts';

const REPLY_MAX = 500;

/**
 * 意见反馈 answers: a reply goes to the user's 客服 thread (/message/chat), as any 客服 message does, quoting
 * the feedback it answers; the ops log keeps `feedback.reply` per feedback, which the inbox reads as 已回复.
 */
export function createFeedbackReplies(deps: { db: Db; log: OpsLog; messages: MessageServices }) {
  const { db } = deps;
  return {
    async reply(staff: Staff, feedbackId: number, raw: string) {
      assertAccess(staff.roles, 'feedback.reply');
      const text = raw.trim();
      if (!text) throw badRequest(OPS_MSG.feedbackReplyEmpty);
      if ([...text].length > REPLY_MAX) throw badRequest(`回复不能超过 ${REPLY_MAX} 个字`);
      const [f] = await db.select().from(feedback).where(eq(feedback.id, feedbackId));
      if (!f) throw notFound(MSG.notFoundApi);
      if (f.userId === null) throw badRequest(OPS_MSG.feedbackNoUser);
      if (f.userId === staff.id) throw forbidden(OPS_MSG.opsOwnFeedback);
      const conv = await deps.messages.conversations.openService(f.userId);
      const quote = [...f.content].slice(0, 60).join('');
      const body = `【意见反馈回复】您在 ${beijingDate(f.createdAt)} 的反馈“${quote}”：\n${text}`;
      const message = await deps.messages.desk.reply(staff.id, conv.id, 'text', body);
      await deps.log.record(db, {
        actorId: staff.id,
        action: 'feedback.reply',
        targetType: 'feedback',
        targetId: f.id,
        after: { userId: f.userId, conversationId: conv.id, messageId: message.id, reply: text },
      });
      return { feedbackId: f.id, conversationId: conv.id, message };
    },

    /** Which of these feedback ids have been answered. */
    async replied(ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: opsLog.targetId })
        .from(opsLog)
        .where(
          and(
            eq(opsLog.action, 'feedback.reply'),
            inArray(
              opsLog.targetId,
              ids.map((i) => String(i)),
            ),
          ),
        );
      return new Set(rows.map((r) => Number(r.id)));
    },
  };
}

export type FeedbackReplies = ReturnType<typeof createFeedbackReplies>;
