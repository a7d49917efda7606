import { createHash } from 'node:crypto';
import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { LINK_RE, MAX_MENTIONS, MENTION_ALL_RE, POST_RULES } from '../../../lib/community/rules.ts';
import type { PostView } from '../../../lib/community/types.ts';
import { fill } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { may } from '../../../lib/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { circles, posts, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { MatchLookup } from '../live/matches.ts';
import type { OpsServices } from '../ops/index.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { CommunityGuard } from './guard.ts';
import type { PostPictures } from './pictures.ts';
import type { PostRow, PostViews } from './views.ts';
import type { SessionUser } from '../sessions/sessions.ts';

export interface Actor {
  id: number;
  nickName: string;
  isAnchor: number;
  roles: string[];
}

/** The logged-in user as the community sees them. */
export const actorOf = (u: SessionUser): Actor => ({
  id: u.id,
  nickName: u.nickName,
  isAnchor: u.isAnchor,
  roles: u.roles,
});

export interface NewPost {
  kind: 1 | 2;
  circleId?: number;
  content: string;
  pictures: string[];
  matchId?: number;
}

/** Whether `a` may act on others' posts: see held ones, edit, delete (posts.moderate). */
export const mayModerate = (a: Actor | null) => !!a && may(a.roles, 'posts.moderate');
export const hashOf = (text: string) =>
  createHash('sha256').update(text.replace(/\s+/g, '').toLowerCase()).digest('hex');

/** Moves a post between statuses, keeping its circle's post count to the visible ones. */
export async function setPostStatus(
  q: Tx,
  post: Pick<PostRow, 'id' | 'status' | 'circleId'>,
  status: PostRow['status'],
) {
  if (post.status === status) return;
  await q.update(posts).set({ status }).where(eq(posts.id, post.id));
  const delta = (status === 'visible' ? 1 : 0) - (post.status === 'visible' ? 1 : 0);
  if (delta !== 0 && post.circleId) {
    await q
      .update(circles)
      .set({ postCount: sql`greatest(0, ${circles.postCount} + ${delta})` })
      .where(eq(circles.id, post.circleId));
  }
}

export async function mentionsIn(db: Db, text: string, authorId: number) {
  const nicks = [...new Set([...text.matchAll(MENTION_ALL_RE)].map((m) => m[1].toLowerCase()))].slice(
    0,
    MAX_MENTIONS,
  );
  if (nicks.length === 0) return [];
  const rows = await db
    .select({ id: users.id, nickName: users.nickName })
    .from(users)
    .where(and(inArray(sql`lower(${users.nickName})`, nicks), eq(users.status, 1)));
  return rows.filter((r) => r.id !== authorId);
}

/** Authors with fewer visible posts than the trust threshold have posts with links held for review. */
export async function needsReview(db: Db, authorId: number, text: string) {
  if (!LINK_RE.test(text)) return false;
  const [{ n }] = await db
    .select({ n: count() })
    .from(posts)
    .where(and(eq(posts.userId, authorId), eq(posts.status, 'visible')));
  return n < POST_RULES.trustedAfterPosts;
}

/** Writing, reading and deleting posts. */
export function createPostService(deps: {
  db: Db;
  guard: CommunityGuard;
  pictures: PostPictures;
  matches: MatchLookup;
  toViews: PostViews;
  notices: NotificationService;
  ops: OpsServices;
}) {
  const { db, guard, pictures, matches, toViews, notices, ops } = deps;

  async function row(id: number): Promise<PostRow> {
    const [p] = await db.select().from(posts).where(eq(posts.id, id));
    if (!p || p.status === 'deleted') throw notFound(COMMUNITY_MSG.postNotFound);
    return p;
  }

  return {
    row,

    /** POST /inform/post/addSave. Returns the post and, when it waits for review, a message saying so. */
    async create(actor: Actor, input: NewPost): Promise<{ post: PostView; notice: string | null }> {
      await guard.assertNotBanned(actor.id);
      if (input.kind === 2 && actor.isAnchor !== 1) throw forbidden(COMMUNITY_MSG.postAnchorOnly);
      if (input.kind === 1 && !input.circleId) throw badRequest(COMMUNITY_MSG.postNeedsCircle);
      if (
        input.circleId &&
        !(await db.select({ id: circles.id }).from(circles).where(eq(circles.id, input.circleId))).length
      ) {
        throw notFound(COMMUNITY_MSG.circleNotFound);
      }
      const content = guard.postText(input.content);
      const pics = await pictures.resolve(input.pictures);
      if (input.matchId && !(await matches.briefs([input.matchId])).has(input.matchId))
        throw notFound(SPORTS_MSG.matchNotFound);
      const contentHash = hashOf(content);
      const since = new Date(Date.now() - POST_RULES.duplicateWindowMs);
      const [dup] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(
            eq(posts.userId, actor.id),
            eq(posts.contentHash, contentHash),
            ne(posts.status, 'deleted'),
            gt(posts.createdAt, since),
          ),
        )
        .limit(1);
      if (dup) throw badRequest(COMMUNITY_MSG.postDuplicate);
      await guard.pace(
        'post',
        actor.id,
        POST_RULES.postBurst,
        POST_RULES.postWindowMs,
        COMMUNITY_MSG.postTooFast,
      );
      const mentions = await mentionsIn(db, content, actor.id);
      const status = (await needsReview(db, actor.id, content)) ? 'review' : 'visible';
      const created = await db.transaction(async (tx) => {
        const [p] = await tx
          .insert(posts)
          .values({
            userId: actor.id,
            kind: input.kind,
            circleId: input.circleId ?? null,
            content,
            pictures: pics,
            matchId: input.matchId ?? null,
            mentions,
            status: 'review',
            contentHash,
          })
          .returning();
        await setPostStatus(tx, p, status);
        return { ...p, status };
      });
      if (status === 'visible') {
        for (const m of mentions) {
          await notices.notify(db, {
            userId: m.id,
            kind: 'mention',
            title: fill(COMMUNITY_MSG.noticeMentionTitle, { nick: actor.nickName }),
            body: content.slice(0, 80),
            link: `/community/post/${created.id}`,
          });
        }
      }
      const [post] = await toViews([created], actor.id);
      return { post, notice: status === 'review' ? COMMUNITY_MSG.postInReview : null };
    },

    /** GET /inform/post/detail/{id}: visible posts for all; the author and staff also see held ones. */
    async detail(id: number, viewer: Actor | null): Promise<PostView> {
      const p = await row(id);
      if (p.status !== 'visible' && viewer?.id !== p.userId && !mayModerate(viewer))
        throw notFound(COMMUNITY_MSG.postNotFound);
      return (await toViews([p], viewer?.id ?? null))[0];
    },

    /** GET /inform/post/anchor/delete?postId: the author or staff only. */
    async remove(actor: Actor, id: number): Promise<void> {
      const p = await row(id);
      if (p.userId !== actor.id && !mayModerate(actor)) throw forbidden(COMMUNITY_MSG.postDeleteForbidden);
      await db.transaction(async (tx) => {
        await setPostStatus(tx, p, 'deleted');
        if (p.userId === actor.id) return;
        const entry = {
          actorId: actor.id,
          action: 'community.post.delete',
          targetType: 'post',
          targetId: id,
        };
        await ops.log.record(tx, { ...entry, before: { status: p.status }, after: { status: 'deleted' } });
      });
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;
