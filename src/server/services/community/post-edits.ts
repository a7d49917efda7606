import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { POST_RULES } from '../../../lib/community/rules.ts';
import type { PostView } from '../../../lib/community/types.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { MatchLookup } from '../live/matches.ts';
import type { OpsServices } from '../ops/index.ts';
import type { CommunityGuard } from './guard.ts';
import type { PostPictures } from './pictures.ts';
import { hashOf, mayModerate, mentionsIn, needsReview, setPostStatus, type Actor } from './posts.ts';
import type { PostRow, PostViews } from './views.ts';

export interface PostChange {
  content: string;
  pictures: string[];
  /** null unlinks the match; undefined keeps it. */
  matchId?: number | null;
}

/** Edits: the author changes text and pictures under the posting rules; staff may too. Pins: staff only. */
export function createPostEdits(deps: {
  db: Db;
  guard: CommunityGuard;
  pictures: PostPictures;
  matches: MatchLookup;
  toViews: PostViews;
  ops: OpsServices;
  row(id: number): Promise<PostRow>;
}) {
  const { db, guard, pictures, matches, toViews, ops, row } = deps;

  /** The same text from the same author within the window, on another post, is refused as in posting. */
  async function assertNotDuplicate(p: PostRow, contentHash: string) {
    const since = new Date(Date.now() - POST_RULES.duplicateWindowMs);
    const [dup] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.userId, p.userId),
          eq(posts.contentHash, contentHash),
          ne(posts.id, p.id),
          ne(posts.status, 'deleted'),
          gt(posts.createdAt, since),
        ),
      )
      .limit(1);
    if (dup) throw badRequest(COMMUNITY_MSG.postDuplicate);
  }

  return {
    /** POST /inform/post/edit: only the author or an operator; a banned author cannot edit. */
    async edit(
      actor: Actor,
      id: number,
      change: PostChange,
    ): Promise<{ post: PostView; notice: string | null }> {
      const p = await row(id);
      const own = p.userId === actor.id;
      if (!own && !mayModerate(actor)) throw forbidden(COMMUNITY_MSG.postEditForbidden);
      if (own) await guard.assertNotBanned(actor.id);
      const content = guard.postText(change.content);
      const pics = await pictures.resolve(change.pictures);
      const matchId = change.matchId === undefined ? p.matchId : change.matchId;
      if (matchId && matchId !== p.matchId && !(await matches.briefs([matchId])).has(matchId))
        throw notFound(SPORTS_MSG.matchNotFound);
      const contentHash = hashOf(content);
      await assertNotDuplicate(p, contentHash);
      await guard.pace(
        'post-edit',
        actor.id,
        POST_RULES.postBurst * 2,
        POST_RULES.postWindowMs,
        COMMUNITY_MSG.postEditTooFast,
      );
      // An author may not slip a link past review by editing it in afterwards.
      const held = own && p.status === 'visible' && (await needsReview(db, p.userId, content));
      const mentions = await mentionsIn(db, content, p.userId);
      const saved = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(posts)
          .set({ content, pictures: pics, matchId, mentions, contentHash, editedAt: new Date() })
          .where(eq(posts.id, id))
          .returning();
        if (held) await setPostStatus(tx, p, 'review');
        if (!own) {
          await ops.log.record(tx, {
            actorId: actor.id,
            action: 'community.post.edit',
            targetType: 'post',
            targetId: id,
            before: { content: p.content, pictures: p.pictures.map((x) => x.url), matchId: p.matchId },
            after: { content, pictures: pics.map((x) => x.url), matchId },
          });
        }
        return { ...updated, status: held ? 'review' : updated.status };
      });
      const [post] = await toViews([saved], actor.id);
      return { post, notice: held ? COMMUNITY_MSG.postInReview : null };
    },

    /** The console's list of pinned posts (not deleted), newest first. */
    async pinnedList(limit = 50) {
      return db
        .select({ id: posts.id, content: posts.content, circleId: posts.circleId, status: posts.status })
        .from(posts)
        .where(and(eq(posts.pinned, true), ne(posts.status, 'deleted')))
        .orderBy(desc(posts.id))
        .limit(limit);
    },

    /** POST /inform/post/pin: operators pin a circle post to the top of its feeds, or unpin it. */
    async pin(actor: Actor, id: number, pinned: boolean): Promise<{ postId: number; pinned: boolean }> {
      if (!mayModerate(actor)) throw forbidden();
      const p = await row(id);
      if (p.userId === actor.id) throw forbidden(OPS_MSG.opsOwnContent);
      if (p.kind !== 1) throw badRequest(COMMUNITY_MSG.postPinCircleOnly);
      if (p.pinned === pinned) return { postId: id, pinned };
      await db.transaction(async (tx) => {
        await tx.update(posts).set({ pinned }).where(eq(posts.id, id));
        await ops.log.record(tx, {
          actorId: actor.id,
          action: pinned ? 'community.post.pin' : 'community.post.unpin',
          targetType: 'post',
          targetId: id,
          before: { pinned: p.pinned },
          after: { pinned },
        });
      });
      return { postId: id, pinned };
    },
  };
}

export type PostEdits = ReturnType<typeof createPostEdits>;
