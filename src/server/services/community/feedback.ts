import { count, desc, eq } from 'drizzle-orm';
import { FEEDBACK_RULES } from '../../../lib/community/rules.ts';
import { fill } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import type { Db } from '../../db/client.ts';
import { feedback, users } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { cleanPostText } from './guard.ts';

/** 意见反馈: stored for staff (/ops/feedback), with a contact and an optional screenshot we stored. */
export function createFeedbackService(db: Db, storage: StorageProvider) {
  return {
    async add(userId: number | null, input: { content: string; contact?: string; screenshot?: string }) {
      const content = cleanPostText(input.content);
      if (!content) throw badRequest(COMMUNITY_MSG.feedbackEmpty);
      if ([...content].length > FEEDBACK_RULES.maxLength)
        throw badRequest(fill(COMMUNITY_MSG.feedbackTooLong, { max: FEEDBACK_RULES.maxLength }));
      const screenshot = input.screenshot?.trim() || null;
      if (screenshot && !storage.nameOf(screenshot)) throw badRequest(COMMUNITY_MSG.postPictureInvalid);
      const contact = (input.contact ?? '').trim().slice(0, FEEDBACK_RULES.contactMax);
      const [row] = await db
        .insert(feedback)
        .values({ userId, content, contact, screenshot })
        .returning({ id: feedback.id });
      return { id: row.id };
    },

    async list(opts: { pageNum: number; pageSize: number }) {
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: feedback.id,
            content: feedback.content,
            contact: feedback.contact,
            screenshot: feedback.screenshot,
            createdAt: feedback.createdAt,
            userId: feedback.userId,
            nickName: users.nickName,
          })
          .from(feedback)
          .leftJoin(users, eq(users.id, feedback.userId))
          .orderBy(desc(feedback.id))
          .limit(opts.pageSize)
          .offset((opts.pageNum - 1) * opts.pageSize),
        db.select({ total: count() }).from(feedback),
      ]);
      return { list: rows, total, ...opts };
    },
  };
}
