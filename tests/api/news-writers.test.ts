import { and, count, desc, eq, like, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  matchEvents,
  matches,
  newsArticles,
  newsColumns,
  newsTags,
} from '../../src/server/db/schema/index.ts';
import { addDays, salesDay, salesDayStart } from '../../src/lib/sports/time.ts';
import { FIRST_ARTICLES } from '../../src/server/seed/news.ts';
import { readsOf } from '../../src/server/services/news/writers/reads.ts';
import { writeReport } from '../../src/server/services/news/writers/report.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/** Articles written from the sports data: reports, previews, season reviews and guides. */
describe.each(targets())('news written from the data on $name', (target) => {
  let b: SportsBench;
  beforeAll(async () => {
    b = await createSportsBench(target);
    const desk = b.app.services.news.newsroom(b.app.services.sports);
    // As the seed does (it ran before the simulator caught up with today).
    await desk.reports(FIRST_ARTICLES.reports);
    await desk.previews(FIRST_ARTICLES.previews);
  }, 600_000);
  afterAll(() => b.close());

  it('fills every column with 60+ articles: guides, season reviews, reports and previews', async () => {
    const db = b.app.db;
    const total = await db.$count(newsArticles);
    expect(total).toBeGreaterThanOrEqual(60);
    const per = await db
      .select({ slug: newsColumns.slug, n: count(newsArticles.id) })
      .from(newsColumns)
      .leftJoin(
        newsArticles,
        and(eq(newsArticles.columnId, newsColumns.id), lte(newsArticles.publishAt, sql`now()`)),
      )
      .groupBy(newsColumns.slug);
    for (const c of per) expect(c.n, c.slug).toBeGreaterThan(0);
    const kinds = await db
      .select({ kind: newsArticles.kind, n: count() })
      .from(newsArticles)
      .groupBy(newsArticles.kind);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['guide', 'preview', 'report', 'review']);
  });

  it('writes reports whose facts are the database facts, with tags to the match and teams', async () => {
    const [a] = await b.app.db
      .select()
      .from(newsArticles)
      .where(like(newsArticles.sourceKey, 'report:%'))
      .limit(1);
    const matchId = Number(a.sourceKey!.split(':')[1]);
    const [m] = await b.app.db.select().from(matches).where(eq(matches.id, matchId));
    expect(`${a.title}\n${a.body}`).toContain(`${m.homeScore}-${m.awayScore}`);
    const goals = await b.app.db
      .select()
      .from(matchEvents)
      .where(
        and(eq(matchEvents.matchId, matchId), sql`${matchEvents.type} in ('goal','own_goal','penalty')`),
      );
    for (const g of goals) if (g.playerName) expect(a.body).toContain(g.playerName);
    const tags = await b.app.db.select().from(newsTags).where(eq(newsTags.articleId, a.id));
    expect(tags.map((t) => t.kind).sort()).toEqual(['match', 'team', 'team']);
    expect(a.cover).toMatch(/^\/uploads\/.+\.webp$/);
    // Deterministic: the same match reads the same; writing again stores nothing new.
    const again = await writeReport(b.app.db, b.app.services.sports, matchId);
    expect(again?.body).toBe(a.body);
    const desk = b.app.services.news.newsroom(b.app.services.sports);
    await desk.reports({ hours: 72 });
    expect(await desk.reports({ hours: 72 })).toBe(0);
  });

  it('varies the phrasing between matches', async () => {
    const rows = await b.app.db
      .select({ body: newsArticles.body })
      .from(newsArticles)
      .where(eq(newsArticles.kind, 'report'));
    const openings = new Set(rows.map((r) => r.body.slice(0, 6)));
    expect(openings.size).toBeGreaterThan(1);
  });

  it('reads like a desk that knows the table: varied titles, stakes in the prose, 演示 as a badge, bylines and reads', async () => {
    const rows = await b.app.db
      .select()
      .from(newsArticles)
      .where(sql`${newsArticles.kind} in ('report', 'preview')`);
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(r.demo, r.title).toBe(true);
      expect(`${r.title}${r.summary}${r.body}`).not.toMatch(/演示|模拟器|拿下比赛/);
      expect(r.authorName).toMatch(/^球友圈.+频道$/);
    }
    expect(new Set(rows.map((r) => r.authorName)).size).toBeGreaterThan(3);
    // Reads: seeded by age and column, not all zero, not all alike.
    expect(rows.filter((r) => r.views > 0).length).toBeGreaterThan(rows.length / 2);
    expect(new Set(rows.map((r) => r.views)).size).toBeGreaterThan(rows.length / 2);
    // Titles: more than a few shapes, and the reports speak of the table, runs or rank.
    const reports = rows.filter((r) => r.kind === 'report');
    expect(new Set(reports.map((r) => r.title.replace(/[\d-]+/g, '').slice(-4))).size).toBeGreaterThan(4);
    const told = reports.filter((r) => /排名第|连胜|连败|不败|不胜|形势|战绩来到/.test(r.body));
    expect(told.length).toBeGreaterThan(reports.length / 2);
  });

  it('writes the report of a simulated match when it finishes (the news-desk job)', async () => {
    const before = await b.app.db.$count(newsArticles, eq(newsArticles.kind, 'report'));
    b.clock.set(b.clock.now() + 6 * 3600_000);
    await b.sim.syncTo(b.clock.now());
    const written = await b.app.services.news
      .newsroom(b.app.services.sports)
      .reports({ hours: 48, now: b.clock.now() });
    expect(written).toBeGreaterThan(0);
    expect(await b.app.db.$count(newsArticles, eq(newsArticles.kind, 'report'))).toBe(before + written);
  });

  it('keeps a demo article read as it ages, never lowers a count, leaves a real article alone', async () => {
    const db = b.app.db;
    const now = b.clock.now();
    const rows = await db
      .select({
        id: newsArticles.id,
        sourceKey: newsArticles.sourceKey,
        kind: newsArticles.kind,
        column: newsColumns.slug,
      })
      .from(newsArticles)
      .innerJoin(newsColumns, eq(newsColumns.id, newsArticles.columnId))
      .where(eq(newsArticles.kind, 'report'))
      .orderBy(desc(newsArticles.id))
      .limit(3);
    const [fresh, readMuch, real] = rows;
    const hourAgo = new Date(now - 3600_000);
    const set = (id: number, v: Partial<typeof newsArticles.$inferInsert>) =>
      db.update(newsArticles).set(v).where(eq(newsArticles.id, id));
    // Written an hour ago with the 0 reads of its first minute (as the news-desk job stores it).
    await set(fresh.id, { publishAt: hourAgo, views: 0 });
    await set(readMuch.id, { publishAt: hourAgo, views: 999_999 });
    await set(real.id, { publishAt: hourAgo, views: 0, demo: false });
    const later = now + 5 * 3600_000;
    const desk = b.app.services.news.newsroom(b.app.services.sports);
    expect(await desk.demoReads(later)).toBeGreaterThan(0);
    const views = async (id: number) =>
      (await db.select({ v: newsArticles.views }).from(newsArticles).where(eq(newsArticles.id, id)))[0].v;
    const expected = readsOf({ ...fresh, sourceKey: fresh.sourceKey!, publishAt: hourAgo }, later);
    expect(expected).toBeGreaterThan(0);
    expect(await views(fresh.id)).toBe(expected);
    expect(await views(readMuch.id)).toBe(999_999);
    expect(await views(real.id)).toBe(0);
    // Run again at the same time: nothing more to add.
    await desk.demoReads(later);
    expect(await views(fresh.id)).toBe(expected);
  });

  it('writes the 竞彩 day card from the lottery list and its prices, once, at 10:00 before the sales day', async () => {
    const db = b.app.db;
    const desk = b.app.services.news.newsroom(b.app.services.sports);
    const now = b.clock.now();
    const day = salesDay(now);
    const card = (await b.app.services.sports.lottery.jc(1, day)).matches;
    expect(card.length).toBeGreaterThanOrEqual(3);
    expect(await desk.lotteryCards({ now })).toBeGreaterThan(0);
    const articleOf = async (key: string) =>
      (await db.select().from(newsArticles).where(eq(newsArticles.sourceKey, key)))[0];
    const a = await articleOf(`lottery:1:${day}`);
    expect(a.title).toContain('竞彩足球');
    expect(a.title).toContain(`共${card.length}场`.slice(1));
    for (const m of card)
      expect(a.body).toContain(
        `${m.lottery.jcNo} ${m.competition.name} ${m.date === day ? '' : '次日'}${m.time}`,
      );
    const priced = card.find((m) => m.lotteryOdds.jc_spf)!;
    const spf = priced.lotteryOdds.jc_spf!;
    expect(a.body).toContain(
      `胜平负 ${spf.home.toFixed(2)} / ${spf.draw!.toFixed(2)} / ${spf.away.toFixed(2)}`,
    );
    expect(a.demo).toBe(true);
    expect(await desk.lotteryCards({ now })).toBe(0);
    // A later sales day's card is written at its 10:00, not before (the clock is already past the
    // next day's 10:00: the test before moved it on).
    const next = addDays(day, 2);
    const tenOClock = salesDayStart(next) - 2 * 3600_000;
    await desk.lotteryCards({ now: tenOClock - 60_000 });
    expect(await articleOf(`lottery:1:${next}`)).toBeUndefined();
    await desk.lotteryCards({ now: tenOClock });
    expect((await articleOf(`lottery:1:${next}`))?.publishAt?.getTime()).toBe(tenOClock);
  });
});
