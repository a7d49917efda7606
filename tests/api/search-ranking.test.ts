import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { newsArticles, newsColumns, players, posts } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

interface Hit {
  kind: string;
  refId: number;
  title: string;
  href: string;
}
interface Group {
  key: string;
  list: Hit[];
}

describe.each(targets())('site search ranking on $name', (target) => {
  let b: SportsBench;
  let articleId: number;
  beforeAll(async () => {
    b = await createSportsBench(target);
    const [column] = await b.app.db.select().from(newsColumns).limit(1);
    [{ id: articleId }] = await b.app.db
      .insert(newsArticles)
      .values({
        columnId: column.id,
        title: '冬窗转会观察：中场核心去留成悬念',
        summary: '几家俱乐部的中场补强思路。',
        body: '<p>正文</p>',
        authorName: '编辑部',
        status: 'published',
        publishAt: new Date(Date.now() - 60_000),
        previewToken: randomBytes(8).toString('hex'),
      })
      .returning({ id: newsArticles.id });
    await b.app.services.search.index.sync();
  }, 600_000);
  afterAll(async () => {
    await b?.close();
  });

  const search = async (val: string) => {
    const r = await b.get(`/api/search/all?val=${encodeURIComponent(val)}`);
    expect(r.code).toBe(200);
    return r.data as { word: string; total: number; matches: unknown[]; groups: Group[] };
  };
  const group = (data: { groups: Group[] }, key: string) =>
    data.groups.find((g) => g.key === key)?.list ?? [];

  it('puts the exact team name first, by Chinese name, pinyin initials and English name', async () => {
    for (const val of ['曼城', 'mc', 'Man City', 'Manchester City']) {
      const teams = group(await search(val), 'teams');
      expect(teams[0]?.title, val).toBe('曼城');
      expect(teams[0].href).toMatch(/^\/database\/fb\/team\/\d+$/);
    }
    // A substring of a name the segmenter did not cut there still finds it.
    expect(group(await search('彻斯特城'), 'teams').map((h) => h.title)).toContain('曼城');
  });

  it('finds real players only: no numbered place of a club without a squad list, no invented namesake', async () => {
    const found = async (val: string) => group(await search(val), 'players');
    for (const val of ['Markkanen', '马尔卡宁'])
      expect((await found(val)).map((h) => h.title)).toContain('劳里·马尔卡宁');
    // An NBA player without an authored Chinese name is shown by his transliterated one, and found by
    // either spelling.
    for (const val of ['Kyle Filipowski', '菲利波夫斯基'])
      expect((await found(val)).map((h) => h.title)).toContain('菲利波夫斯基');
    expect(await found('7号')).toEqual([]);
    const ids = (await found('梅西')).map((h) => h.refId);
    if (ids.length) {
      const rows = await b.app.db
        .select({ generated: players.generated })
        .from(players)
        .where(inArray(players.id, ids));
      expect(rows.every((p) => !p.generated)).toBe(true);
    }
  });

  it("lists the team's matches nearest to now", async () => {
    const data = await search('曼城');
    expect(data.matches.length).toBeGreaterThan(0);
    for (const m of data.matches as { home: string; away: string }[])
      expect([m.home, m.away]).toContain('曼城');
  });

  it('finds competitions and an article by the words of its title', async () => {
    expect(group(await search('英超'), 'competitions')[0]?.title).toBe('英超');
    const articles = group(await search('中场核心'), 'articles');
    expect(articles[0]).toMatchObject({ refId: articleId, href: `/news/${articleId}` });
    expect(group(await search('转会 悬念'), 'articles').map((h) => h.refId)).toContain(articleId);
  });

  it('keeps the index fresh: a hidden post leaves it on the next sync', async () => {
    const [p] = await b.app.db.select().from(posts).limit(1);
    const before = await search(p.content.slice(0, 8));
    expect(group(before, 'posts').map((h) => h.refId)).toContain(p.id);
    const { eq } = await import('drizzle-orm');
    await b.app.db.update(posts).set({ status: 'hidden' }).where(eq(posts.id, p.id));
    await b.app.services.search.index.sync();
    const after = await search(p.content.slice(0, 8));
    expect(group(after, 'posts').map((h) => h.refId)).not.toContain(p.id);
  });

  it('answers nothing for nothing, and treats query syntax as text', async () => {
    expect(await search('   ')).toMatchObject({ total: 0, groups: [] });
    const odd = await search("曼城 & | ! ' :* <->");
    expect(group(odd, 'teams')[0]?.title).toBe('曼城');
    expect((await search('zzqqxxnotaword')).total).toBe(0);
  });
});
