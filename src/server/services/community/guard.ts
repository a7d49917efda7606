import { eq } from 'drizzle-orm';
import { POST_RULES } from '../../../lib/community/rules.ts';
import { CODE, fill } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { screenText } from '../../../lib/moderation/sensitive-words.ts';
import type { Db } from '../../db/client.ts';
import { communityBans } from '../../db/schema/index.ts';
import { ApiError, badRequest, forbidden } from '../../errors.ts';
import type { Kv } from '../../kv/kv.ts';
import { assertNotMuted } from '../accounts/mute.ts';

/** Control and invisible characters out (newlines stay), trailing spaces trimmed, blank runs folded. */
export const cleanPostText = (raw: string) =>
  raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => (c === '\n' ? c : ' '))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Who may write, how often, and what: shared by posts, comments and likes. */
export function createCommunityGuard(db: Db, kv: Kv) {
  return {
    async assertNotBanned(userId: number) {
      const [ban] = await db
        .select({ userId: communityBans.userId })
        .from(communityBans)
        .where(eq(communityBans.userId, userId));
      if (ban) throw forbidden(COMMUNITY_MSG.communityBanned);
      await assertNotMuted(db, userId);
    },

    /** A fixed-window counter per user and action in the shared KV store. */
    async pace(action: string, userId: number, max: number, windowMs: number, message: string) {
      if ((await kv.incr(`community:${action}:${userId}`, windowMs)) > max)
        throw new ApiError(CODE.tooMany, message);
    },

    /** A post's text, as posting and editing take it: cleaned, within the length limits, screened. */
    postText(raw: string): string {
      const cleaned = cleanPostText(raw);
      const length = [...cleaned].length;
      if (length < POST_RULES.minLength)
        throw badRequest(fill(COMMUNITY_MSG.postTooShort, { min: POST_RULES.minLength }));
      if (length > POST_RULES.maxLength)
        throw badRequest(fill(COMMUNITY_MSG.postTooLong, { max: POST_RULES.maxLength }));
      return this.screen(cleaned);
    },

    /** The sensitive-word list (shared with chat): refuse words stop the text, insults are masked. */
    screen(text: string): string {
      const s = screenText(text);
      if (s.refused) throw badRequest(fill(COMMUNITY_MSG.postSensitive, { word: s.refused }));
      return s.text;
    },
  };
}

export type CommunityGuard = ReturnType<typeof createCommunityGuard>;
