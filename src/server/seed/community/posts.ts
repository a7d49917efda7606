import { aliasedTable, and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  circleMembers,
  circles,
  commentLikes,
  comments,
  competitions,
  matches,
  postLikes,
  posts,
  teams,
  users,
} from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { hashOf } from '../../services/community/posts.ts';
import type { PostPictures } from '../../services/community/pictures.ts';
import { hash32 } from '../../sports/rng.ts';
import { scoreCard } from './score-card.ts';
import { anchorDynamic, COMMENT_POOL, matchPost, TOPIC_POSTS } from './texts.ts';

const AUTHORS = [
  '13800000001',
  '13800000003',
  '13800000002',
  '13800000101',
  '13800000102',
  '13800000103',
  '13800000104',
  '13800000105',
  '13800000106',
  '13800000107',
];
const PER_CIRCLE = 14;
const HOUR = 3600_000;
const MINUTE = 60_000;

/** A fixed spread of up to `max` minutes for item `key`, so seeded times look written, not stepped. */
const spread = (key: string, max: number) => (hash32(key) % max) * MINUTE;

/**
 * When a fan wrote about a match: after the final whistle (two hours after kick-off), within the
 * evening or the next day, and never later than a few minutes ago.
 */
const afterMatch = (kickoff: Date, key: string, now: number, maxMinutes: number) =>
  new Date(
    Math.min(kickoff.getTime() + 2 * HOUR + spread(key, maxMinutes), now - 5 * MINUTE - spread(key, 90)),
  );

/**
 * The demo community: fan posts about real finished matches of the sports data (one circle per
 * competition), topic posts, anchors' dynamics looking back at matches they showed, comments and likes. Written once,
 * into a community with no posts; the same data and seed give the same posts.
 */
export async function seedCommunityPosts(db: Db, pictures: PostPictures, log: Logger): Promise<void> {
  if ((await db.$count(posts)) > 0) return;
  const people = await db
    .select({ id: users.id, mobile: users.mobile, isAnchor: users.isAnchor })
    .from(users)
    .where(inArray(users.mobile, AUTHORS));
  if (people.length === 0) return;
  const ids = AUTHORS.map((m) => people.find((p) => p.mobile === m)?.id).filter((x): x is number => !!x);
  const home = aliasedTable(teams, 'home');
  const away = aliasedTable(teams, 'away');
  const select = () =>
    db
      .select({
        id: matches.id,
        sport: matches.sport,
        comp: competitions.nameZh,
        home: home.nameZh,
        away: away.nameZh,
        hc: home.color,
        ac: away.color,
        hs: matches.homeScore,
        as: matches.awayScore,
        kickoffAt: matches.kickoffAt,
      })
      .from(matches)
      .innerJoin(competitions, eq(competitions.id, matches.competitionId))
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId));
  const now = Date.now();
  let n = 0;
  const rows: (typeof posts.$inferInsert)[] = [];
  const drawing: Promise<void>[] = [];

  for (const c of await db.select().from(circles).orderBy(asc(circles.sort))) {
    if (c.competitionKey) {
      const done = await select()
        .where(
          and(
            eq(competitions.key, c.competitionKey),
            isNotNull(matches.homeScore),
            lt(matches.kickoffAt, new Date(now - 3 * HOUR)),
          ),
        )
        .orderBy(desc(matches.kickoffAt))
        .limit(PER_CIRCLE);
      for (const m of done) {
        const content = matchPost({ ...m, hs: m.hs!, as: m.as! }, n);
        const row: typeof posts.$inferInsert = {
          userId: ids[n % ids.length],
          circleId: c.id,
          content,
          pictures: [],
          matchId: m.id,
          contentHash: hashOf(content),
          createdAt: afterMatch(m.kickoffAt, `post${n}`, now, 20 * 60),
          pinned: n === 0,
        };
        // Every third post shows its score card; the cards are drawn and stored side by side.
        if (n % 3 === 0) {
          const card = scoreCard(m.hc, m.ac, m.hs!, m.as!)
            .then((png) => pictures.add([`data:image/png;base64,${png.toString('base64')}`]))
            .then((pics) => void (row.pictures = pics));
          card.catch(() => undefined); // a failure surfaces at Promise.all below, not as an unhandled rejection
          drawing.push(card);
        }
        rows.push(row);
        n++;
      }
    }
    for (const content of TOPIC_POSTS[c.name] ?? []) {
      rows.push({
        userId: ids[n % ids.length],
        circleId: c.id,
        content,
        contentHash: hashOf(content),
        // Topic posts are spread over the last ten days.
        createdAt: new Date(now - 2 * HOUR - spread(`topic${n}`, 10 * 24 * 60)),
      });
      n++;
    }
  }
  const anchors = people.filter((p) => p.isAnchor === 1).map((p) => p.id);
  const recent = await select()
    .where(isNotNull(matches.homeScore))
    .orderBy(desc(matches.kickoffAt))
    .limit(anchors.length * 2);
  recent.forEach((m, i) => {
    const content = anchorDynamic(m, i);
    rows.push({
      userId: anchors[i % anchors.length],
      kind: 2,
      content,
      matchId: m.id,
      contentHash: hashOf(content),
      createdAt: afterMatch(m.kickoffAt, `dynamic${i}`, now, 3 * 60),
    });
  });
  await Promise.all(drawing);
  if (rows.length === 0) return;
  const saved = await db.insert(posts).values(rows).returning({ id: posts.id, userId: posts.userId });
  // Whoever writes in a circle is one of its members: a circle never shows 0 位成员 above its posts.
  const memberships = rows.flatMap((r) => (r.circleId ? [{ circleId: r.circleId, userId: r.userId }] : []));
  if (memberships.length) await db.insert(circleMembers).values(memberships).onConflictDoNothing();
  await seedReactions(db, saved, ids);
  log.info({ posts: saved.length }, 'community demo posts seeded');
}

/**
 * Comments (with one reply each on some) and likes from the other demo users, then the counters.
 * Each kind goes in one insert: row by row they were hundreds of statements on first start.
 */
async function seedReactions(db: Db, saved: { id: number; userId: number }[], ids: number[]) {
  const likes: (typeof postLikes.$inferInsert)[] = [];
  const tops: (typeof comments.$inferInsert)[] = [];
  /** The first comment of every other post is answered by the post's author. */
  const answered = new Set<string>();
  for (const [i, p] of saved.entries()) {
    const others = ids.filter((id) => id !== p.userId);
    for (const userId of others.slice(0, (i * 7) % others.length)) likes.push({ postId: p.id, userId });
    for (let k = 0; k < i % 4; k++) {
      const userId = others[(i + k) % others.length];
      tops.push({ postId: p.id, userId, content: COMMENT_POOL[(i + k) % COMMENT_POOL.length] });
      if (k === 0 && i % 2 === 0) answered.add(`${p.id}:${userId}`);
    }
  }
  if (likes.length) await db.insert(postLikes).values(likes).onConflictDoNothing();
  const saidFirst = tops.length
    ? await db
        .insert(comments)
        .values(tops)
        .returning({ id: comments.id, postId: comments.postId, userId: comments.userId })
    : [];
  const authorOf = new Map(saved.map((p) => [p.id, p.userId]));
  const replied = saidFirst.filter((c) => answered.has(`${c.postId}:${c.userId}`));
  if (replied.length) {
    await db.insert(comments).values(
      replied.map((c) => ({
        postId: c.postId,
        userId: authorOf.get(c.postId)!,
        parentId: c.id,
        replyToUserId: c.userId,
        content: '谢谢支持，一起期待下一场！',
      })),
    );
    await db
      .insert(commentLikes)
      .values(replied.map((c) => ({ commentId: c.id, userId: authorOf.get(c.postId)! })))
      .onConflictDoNothing();
  }
  await db.execute(sql`update ${posts} set
    ${sql.identifier('like_count')} = (select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id}),
    ${sql.identifier('comment_count')} = (select count(*)::int from ${comments} where ${comments.postId} = ${posts.id})`);
  await db.execute(sql`update ${comments} set
    ${sql.identifier('like_count')} = (select count(*)::int from ${commentLikes} where ${commentLikes.commentId} = ${comments.id})`);
  await db.execute(sql`update ${circles} set
    ${sql.identifier('post_count')} = (select count(*)::int from ${posts} where ${posts.circleId} = ${circles.id} and ${posts.status} = 'visible'),
    ${sql.identifier('member_count')} = (select count(*)::int from ${circleMembers} where ${circleMembers.circleId} = ${circles.id})`);
}
