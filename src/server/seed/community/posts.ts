import { aliasedTable, and, asc, desc, eq, gte, inArray, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import { matchInPhase } from '../../services/sports/phase-where.ts';
import type { Db } from '../../db/client.ts';
import {
  circleMembers,
  circles,
  commentLikes,
  comments,
  competitions,
  matchEvents,
  matches,
  postLikes,
  posts,
  teams,
  users,
} from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { hashOf } from '../../services/community/posts.ts';
import type { PostPictures } from '../../services/community/pictures.ts';
import type { SportsServices } from '../../services/sports/index.ts';
import { hash32 } from '../../sports/rng.ts';
import { scoreCard } from './score-card.ts';
import {
  anchorDynamic,
  commentsFor,
  matchPost,
  topicOf,
  bodyOf,
  TOPIC_POSTS,
  type MatchFacts,
  type PostTopic,
} from './texts.ts';

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
const HOUR = 3600_000;
const MINUTE = 60_000;

/** A fixed spread of up to `max` minutes for item `key`, so seeded times look written, not stepped. */
const spread = (key: string, max: number) => (hash32(key) % max) * MINUTE;

/** Demo avatars (public/avatars/demo-*.svg), one per author in AUTHORS order. */
export const demoAvatar = (i: number) => `/avatars/demo-${(i % AVATARS) + 1}.svg`;
const AVATARS = 10;
/** Match talk covers the site's recent calendar: matches that finished in the last days. */
const RECENT = 3 * 24 * HOUR;
/** When a match is over, counted from kick-off (football with stoppages, basketball with breaks). */
const LENGTH: Record<number, number> = { 1: 2 * HOUR, 2: 2.5 * HOUR };
/** Posts per circle at one run: a round's talk, not every match of it. */
const PER_RUN = 6;

const FINISHED = matchInPhase((p) => p === 'finished');

/**
 * The demo community at first start: circle topic posts spread over the last ten days, and posts on
 * the matches that finished lately (writeMatchPosts; the demo job adds more as the simulator plays).
 * Written once, into a community with no posts; the same data and seed give the same posts.
 */
export async function seedCommunityPosts(
  db: Db,
  pictures: PostPictures,
  sports: Pick<SportsServices, 'standings'>,
  log: Logger,
  now = Date.now(),
): Promise<void> {
  if ((await db.$count(posts)) > 0) return;
  const ids = await demoAuthors(db);
  if (ids.length === 0) return;
  const rows: (typeof posts.$inferInsert)[] = [];
  const topics: Topical[] = [];
  let n = 0;
  for (const c of await db.select().from(circles).orderBy(asc(circles.sort))) {
    for (const [k, t] of (TOPIC_POSTS[c.name] ?? []).entries()) {
      rows.push({
        userId: ids[n % ids.length],
        circleId: c.id,
        content: t.text,
        contentHash: hashOf(t.text),
        pinned: t.pinned ?? false,
        createdAt: new Date(now - 2 * HOUR - spread(`topic${n}`, 10 * 24 * 60)),
      });
      topics.push({ topic: `topic:${c.name}#${k}`, facts: null });
      n++;
    }
  }
  await savePosts(db, rows, topics, ids, now);
  const made = await writeMatchPosts(db, pictures, sports, now);
  log.info({ posts: rows.length + made }, 'community demo posts seeded');
}

/** Whoever writes in a circle is one of its members: a circle never shows 0 位成员 above its posts. */
async function joinCircles(db: Db, rows: (typeof posts.$inferInsert)[]): Promise<void> {
  const memberships = rows.flatMap((r) => (r.circleId ? [{ circleId: r.circleId, userId: r.userId }] : []));
  if (memberships.length) await db.insert(circleMembers).values(memberships).onConflictDoNothing();
}

/** The demo authors' ids (AUTHORS order), each given an avatar of the demo set if they have none. */
async function demoAuthors(db: Db): Promise<number[]> {
  const people = await db
    .select({ id: users.id, mobile: users.mobile, portrait: users.portrait })
    .from(users)
    .where(inArray(users.mobile, AUTHORS));
  const ids: number[] = [];
  for (const [i, m] of AUTHORS.entries()) {
    const p = people.find((x) => x.mobile === m);
    if (!p) continue;
    if (!p.portrait)
      await db
        .update(users)
        .set({ portrait: demoAvatar(i) })
        .where(eq(users.id, p.id));
    ids.push(p.id);
  }
  return ids;
}

type Topical = { topic: PostTopic; facts: MatchFacts | null };

/**
 * Fans' posts on matches of the site's calendar that finished in the last three days and have no
 * post yet (a few per circle), dated after the final whistle and before `now`, with facts from the
 * match (score, goals and their minutes, sendings-off, the table); an anchor's dynamic on some.
 * Run at the first start and by the demo job as the simulator plays. Returns the posts written.
 */
export async function writeMatchPosts(
  db: Db,
  pictures: PostPictures,
  sports: Pick<SportsServices, 'standings'>,
  now: number,
): Promise<number> {
  const ids = await demoAuthors(db);
  if (ids.length === 0) return 0;
  // Several posts a run come from one season: its table is computed once.
  const tables = { standings: sports.standings.snapshot() };
  const anchors = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.isAnchor, 1)))
  ).map((a) => a.id);
  const home = aliasedTable(teams, 'home');
  const away = aliasedTable(teams, 'away');
  let n = await db.$count(posts);
  const rows: (typeof posts.$inferInsert)[] = [];
  const topics: Topical[] = [];
  const drawing: Promise<void>[] = [];
  const bodies = await writtenBodies(db);
  /**
   * The facts differ from match to match; the wording around them must too: a text whose wording
   * another post has takes the next draw (null when a dozen draws find none new).
   */
  const unique = (make: (k: number) => string, names: string[]) => {
    for (let k = 0; k < 12; k++) {
      const text = make(k);
      if (bodies.has(bodyOf(text, names))) continue;
      bodies.add(bodyOf(text, names));
      return text;
    }
    return null;
  };
  for (const c of await db.select().from(circles).orderBy(asc(circles.sort))) {
    if (!c.competitionKey) continue;
    const done = await db
      .select({
        id: matches.id,
        sport: matches.sport,
        seasonId: matches.seasonId,
        comp: competitions.nameZh,
        home: home.nameZh,
        away: away.nameZh,
        homeId: matches.homeTeamId,
        awayId: matches.awayTeamId,
        hc: home.color,
        ac: away.color,
        hs: matches.homeScore,
        as: matches.awayScore,
        kickoffAt: matches.kickoffAt,
      })
      .from(matches)
      .innerJoin(competitions, eq(competitions.id, matches.competitionId))
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(
        and(
          eq(competitions.key, c.competitionKey),
          FINISHED,
          isNotNull(matches.homeScore),
          gte(matches.kickoffAt, new Date(now - RECENT)),
          lt(matches.kickoffAt, new Date(now - 3 * HOUR)),
          notExists(
            db
              .select({ one: sql`1` })
              .from(posts)
              .where(eq(posts.matchId, matches.id)),
          ),
        ),
      )
      .orderBy(desc(matches.kickoffAt))
      .limit(PER_RUN);
    for (const m of done) {
      const end = m.kickoffAt.getTime() + LENGTH[m.sport];
      if (end > now - 10 * MINUTE) continue;
      const facts = await factsOf(db, tables, { ...m, hs: m.hs!, as: m.as! });
      // The facts make a post its own; a rare twin of another post's wording takes the next one.
      const content = unique((k) => matchPost(facts, n + k), namesOf(facts));
      if (!content) continue;
      const createdAt = afterEnd(end, `post${m.id}`, now, 20 * 60);
      const row: typeof posts.$inferInsert = {
        userId: ids[n % ids.length],
        circleId: c.id,
        content,
        pictures: [],
        matchId: m.id,
        contentHash: hashOf(content),
        createdAt,
      };
      // Every third post shows its score card; the cards are drawn and stored side by side.
      if (n % 3 === 0) {
        const card = scoreCard(m.hc, m.ac, m.hs!, m.as!)
          .then((webp) => pictures.addDrawn(webp))
          .then((pic) => void (row.pictures = [pic]));
        card.catch(() => undefined); // a failure surfaces at Promise.all below, not as an unhandled rejection
        drawing.push(card);
      }
      rows.push(row);
      topics.push({ topic: topicOf(facts), facts });
      const dynamic =
        anchors.length && n % 4 === 1 ? unique((k) => anchorDynamic(facts, n + k), namesOf(facts)) : null;
      if (dynamic) {
        rows.push({
          userId: anchors[n % anchors.length],
          kind: 2,
          content: dynamic,
          matchId: m.id,
          contentHash: hashOf(dynamic),
          createdAt: afterEnd(end, `dynamic${m.id}`, now, 3 * 60),
        });
        topics.push({ topic: topicOf(facts), facts });
      }
      n++;
    }
  }
  await Promise.all(drawing);
  return savePosts(db, rows, topics, ids, now);
}

/** Writes demo posts (`topics[i]` says what `rows[i]` is about), their authors' circles and reactions. */
async function savePosts(
  db: Db,
  rows: (typeof posts.$inferInsert)[],
  topics: Topical[],
  ids: number[],
  now: number,
): Promise<number> {
  if (rows.length === 0) return 0;
  const saved = await db
    .insert(posts)
    // Marked: readers see a 演示 badge on what the demo wrote, never a person's post.
    .values(rows.map((r) => ({ ...r, demo: true })))
    .returning({ id: posts.id, userId: posts.userId, at: posts.createdAt });
  await joinCircles(db, rows);
  await seedReactions(
    db,
    saved.map((p, i) => ({ ...p, ...topics[i] })),
    ids,
    now,
  );
  return saved.length;
}

/** After the final whistle, within the evening or the next day, and never later than a few minutes ago. */
const afterEnd = (end: number, key: string, now: number, maxMinutes: number) =>
  new Date(
    end + 5 * MINUTE + spread(key, Math.max(1, Math.min(maxMinutes, Math.floor((now - end) / MINUTE) - 10))),
  );

const namesOf = (f: MatchFacts) => [
  f.home,
  f.away,
  f.comp,
  ...f.goals.map((g) => g.player ?? ''),
  ...f.reds.map((r) => r.player ?? ''),
];

/** The wording of the posts on matches written so far (dynamics too), their facts taken out. */
async function writtenBodies(db: Db): Promise<Set<string>> {
  const home = aliasedTable(teams, 'home');
  const away = aliasedTable(teams, 'away');
  const written = await db
    .select({
      content: posts.content,
      matchId: matches.id,
      home: home.nameZh,
      away: away.nameZh,
      comp: competitions.nameZh,
    })
    .from(posts)
    .innerJoin(matches, eq(matches.id, posts.matchId))
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId));
  const players = written.length
    ? await db
        .select({ matchId: matchEvents.matchId, name: matchEvents.playerName })
        .from(matchEvents)
        .where(
          and(
            inArray(
              matchEvents.matchId,
              written.map((w) => w.matchId),
            ),
            isNotNull(matchEvents.playerName),
          ),
        )
    : [];
  return new Set(
    written.map((w) =>
      bodyOf(w.content, [
        w.home,
        w.away,
        w.comp,
        ...players.filter((p) => p.matchId === w.matchId).map((p) => p.name!),
      ]),
    ),
  );
}

/** What the post may say about a match: only what the site's data holds. */
async function factsOf(
  db: Db,
  sports: { standings: Pick<SportsServices['standings'], 'rowOf'> },
  m: {
    id: number;
    sport: number;
    seasonId: number;
    comp: string;
    home: string;
    away: string;
    homeId: number;
    awayId: number;
    hs: number;
    as: number;
  },
): Promise<MatchFacts> {
  const events = await db
    .select()
    .from(matchEvents)
    .where(
      and(
        eq(matchEvents.matchId, m.id),
        inArray(matchEvents.type, ['goal', 'penalty', 'own_goal', 'red', 'yellow_red']),
      ),
    )
    .orderBy(asc(matchEvents.seq));
  const side = (s: number) => (s === 2 ? 2 : 1) as 1 | 2;
  const goals = events
    .filter((e) => e.type !== 'red' && e.type !== 'yellow_red')
    .map((e) => ({
      player: e.playerName,
      minute: e.minute,
      side: side(e.side),
      kind: e.type as 'goal' | 'penalty' | 'own_goal',
    }));
  const reds = events
    .filter((e) => e.type === 'red' || e.type === 'yellow_red')
    .map((e) => ({ player: e.playerName, side: side(e.side) }));
  const winnerId = m.hs > m.as ? m.homeId : m.hs < m.as ? m.awayId : null;
  const row = winnerId ? await sports.standings.rowOf(m.seasonId, winnerId) : null;
  return {
    comp: m.comp,
    home: m.home,
    away: m.away,
    hs: m.hs,
    as: m.as,
    sport: m.sport,
    goals,
    reds,
    winnerRank: row?.rank ?? null,
  };
}

/**
 * Comments that answer each post (by its topic and match), one answered by the post's author on
 * every other post, and likes from the other demo users; then the counters. Comments come after
 * their post and never after `now`. Each kind goes in one insert: row by row they were hundreds of
 * statements on first start.
 */
async function seedReactions(
  db: Db,
  saved: ({ id: number; userId: number; at: Date } & Topical)[],
  ids: number[],
  now: number,
) {
  const likes: (typeof postLikes.$inferInsert)[] = [];
  const tops: (typeof comments.$inferInsert)[] = [];
  const replyOf = new Map<number, string>();
  /** The first comment of every other post is answered by the post's author. */
  const answered = new Set<string>();
  const later = (p: { at: Date }, key: string) =>
    new Date(Math.min(p.at.getTime() + MINUTE + spread(key, 180), now - MINUTE));
  for (const p of saved) {
    const others = ids.filter((id) => id !== p.userId);
    const i = hash32(`reactions${p.id}`);
    for (const userId of others.slice(0, i % others.length)) likes.push({ postId: p.id, userId });
    const said = commentsFor(p.topic, p.facts);
    replyOf.set(p.id, said.reply);
    const count = Math.min(said.comments.length, i % 4);
    for (let k = 0; k < count; k++) {
      const userId = others[(i + k) % others.length];
      const content = said.comments[(i + k) % said.comments.length];
      tops.push({ postId: p.id, userId, content, createdAt: later(p, `comment${p.id}:${k}`) });
      if (k === 0 && i % 2 === 0) answered.add(`${p.id}:${userId}`);
    }
  }
  if (likes.length) await db.insert(postLikes).values(likes).onConflictDoNothing();
  const saidFirst = tops.length
    ? await db.insert(comments).values(tops).returning({
        id: comments.id,
        postId: comments.postId,
        userId: comments.userId,
        at: comments.createdAt,
      })
    : [];
  const authorOf = new Map(saved.map((p) => [p.id, p.userId]));
  const replied = saidFirst.filter((c) => answered.has(`${c.postId}:${c.userId}`) && replyOf.get(c.postId));
  if (replied.length) {
    await db.insert(comments).values(
      replied.map((c) => ({
        postId: c.postId,
        userId: authorOf.get(c.postId)!,
        parentId: c.id,
        replyToUserId: c.userId,
        content: replyOf.get(c.postId)!,
        createdAt: later(c, `reply${c.id}`),
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
