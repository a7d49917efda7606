import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  competitions,
  matchEvents,
  matches,
  posts,
  teams,
} from '../../src/server/db/schema/index.ts';
import { writeMatchPosts } from '../../src/server/seed/community/posts.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/** The clock is pinned (docs/testing.md): a Friday, with the midweek's matches just played. */
const START = Date.parse(process.env.TEST_CLOCK_START ?? '2026-11-27T10:00:00Z');
const DAY = 86_400_000;
/** Words that talk about a match: they have no place under a post about anything else. */
const MATCH_TALK = /这场|比分|进球|裁判|换人|平局|赢|输|防线|后防|破门|红牌|大胜/;

/** Issue 32 item 12: the demo community talks about the matches the site has just played. */
describe.each(targets())('demo community posts follow the calendar on $name', (target) => {
  let b: SportsBench;
  beforeAll(async () => {
    b = await createSportsBench(target, { start: START });
    // The demo job's run once the simulator has played the recent past.
    await writeMatchPosts(b.app.db, b.app.services.community.pictures, b.app.services.sports, b.clock.now());
  }, 600_000);
  afterAll(() => b?.close());

  const all = () => b.app.db.select().from(posts);

  it('dates every match post after its match ended and within the recent calendar', async () => {
    const rows = await b.app.db
      .select({ post: posts, kickoffAt: matches.kickoffAt })
      .from(posts)
      .innerJoin(matches, eq(matches.id, posts.matchId))
      .where(isNotNull(posts.matchId));
    expect(rows.length).toBeGreaterThan(10);
    for (const { post, kickoffAt } of rows) {
      const [last] = await b.app.db
        .select({ at: matchEvents.at })
        .from(matchEvents)
        .where(eq(matchEvents.matchId, post.matchId!))
        .orderBy(matchEvents.at)
        .then((e) => e.slice(-1));
      expect(kickoffAt.getTime()).toBeGreaterThan(START - 7 * DAY);
      expect(post.createdAt.getTime()).toBeGreaterThan(kickoffAt.getTime() + 105 * 60_000);
      if (last) expect(post.createdAt.getTime()).toBeGreaterThan(last.at.getTime());
      expect(post.createdAt.getTime()).toBeLessThanOrEqual(START);
    }
  });

  it('gives no two posts the same wording, once the names and numbers of their matches are taken out', async () => {
    const { db } = b.app;
    const bodies: string[] = [];
    for (const p of await all()) {
      let body = p.content;
      if (p.matchId) {
        const [m] = await db.select().from(matches).where(eq(matches.id, p.matchId));
        const names = [
          ...(
            await db
              .select({ n: teams.nameZh })
              .from(teams)
              .where(inArray(teams.id, [m.homeTeamId, m.awayTeamId]))
          ).map((t) => t.n),
          ...(
            await db
              .select({ n: competitions.nameZh })
              .from(competitions)
              .where(eq(competitions.id, m.competitionId))
          ).map((c) => c.n),
          ...(
            await db
              .select({ n: matchEvents.playerName })
              .from(matchEvents)
              .where(eq(matchEvents.matchId, m.id))
          ).map((e) => e.n ?? ''),
        ]
          .filter(Boolean)
          .sort((x, y) => y.length - x.length);
        for (const n of names) body = body.split(n).join('');
      }
      bodies.push(body.replace(/\d+/g, ''));
    }
    expect(bodies.length).toBeGreaterThan(30);
    expect(bodies.filter((x, i) => bodies.indexOf(x) !== i)).toEqual([]);
  });

  it('answers each post in its comments', async () => {
    const { db } = b.app;
    const names = (await db.select({ name: teams.nameZh }).from(teams))
      .map((t) => t.name)
      .filter((n) => n.length >= 2);
    const rows = await db
      .select({ comment: comments.content, at: comments.createdAt, post: posts, m: matches })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .leftJoin(matches, and(eq(matches.id, posts.matchId)));
    expect(rows.length).toBeGreaterThan(20);
    const teamOf = new Map<number, string[]>();
    for (const { comment, at, post, m } of rows) {
      expect(at.getTime()).toBeGreaterThanOrEqual(post.createdAt.getTime());
      if (!m) {
        // A topic post (kids in a park, betting budgets) gets no match talk.
        expect(comment, post.content).not.toMatch(MATCH_TALK);
        for (const n of names) expect(comment).not.toContain(n);
        continue;
      }
      if (!teamOf.has(m.id)) {
        const [h] = await db.select({ n: teams.nameZh }).from(teams).where(eq(teams.id, m.homeTeamId));
        const [a] = await db.select({ n: teams.nameZh }).from(teams).where(eq(teams.id, m.awayTeamId));
        teamOf.set(m.id, [h.n, a.n]);
      }
      const own = teamOf.get(m.id)!;
      // A team a comment names is one of its post's match.
      for (const n of names)
        if (comment.includes(n))
          expect(
            own.some((o) => o.includes(n)),
            `${comment} / ${post.content}`,
          ).toBe(true);
      // The result it speaks of is the match's.
      if (m.homeScore === m.awayScore) expect(comment).not.toMatch(/赢|大胜|拿下/);
      else expect(comment).not.toMatch(/平局|战平|各拿一分/);
    }
  });
});
