import { readFileSync } from 'node:fs';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerHref, teamHref } from '../../src/lib/match/links.ts';
import {
  aboutPages,
  matches,
  newsArticles,
  newsColumns,
  players,
  posts,
  teams,
  users,
} from '../../src/server/db/schema/index.ts';
import { loadAstroHandler } from '../../src/server/http/server.ts';
import { createSitemap } from '../../src/server/services/news/sitemap.ts';
import { listenForTest } from '../support/http-server.ts';
import { DEMO } from '../support/live.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';
import { targets } from '../support/context.ts';

/** The simulated "now" of the sports feed (docs/testing.md "Time in tests"); TEST_CLOCK_START tries another. */
const START = Date.parse(process.env.TEST_CLOCK_START ?? '2026-11-27T10:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What each schema.org type must carry for search engines (docs/readers.md "Search engines"). */
const REQUIRED: Record<string, (node: any) => void> = {
  NewsArticle(n) {
    expect(typeof n.headline).toBe('string');
    expect(Number.isNaN(Date.parse(n.datePublished))).toBe(false);
    expect(n.author?.name).toBeTruthy();
    for (const src of [n.image].flat()) expect(src).toMatch(/^https?:\/\//);
  },
  SportsEvent(n) {
    expect(n.name).toBeTruthy();
    // A start with its offset: the reader's search engine must not guess the time zone.
    expect(n.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/);
    for (const side of [n.homeTeam, n.awayTeam]) {
      expect(side['@type']).toBe('SportsTeam');
      expect(side.name).toBeTruthy();
    }
    expect(n.location?.name || n.eventAttendanceMode).toBeTruthy();
    expect(n.eventStatus).toMatch(/^https:\/\/schema\.org\/Event/);
  },
  SportsTeam(n) {
    expect(n.name).toBeTruthy();
    expect(['Soccer', 'Basketball']).toContain(n.sport);
  },
  Person(n) {
    expect(n.name).toBeTruthy();
  },
  BreadcrumbList(n) {
    expect(n.itemListElement.length).toBeGreaterThan(0);
    n.itemListElement.forEach((it: any, i: number) => {
      expect(it.position).toBe(i + 1);
      expect(it.name).toBeTruthy();
      expect(it.item).toMatch(/^https?:\/\//);
    });
  },
};

/** Every JSON-LD block of a page, parsed (a block that is not JSON fails here). */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );

interface XmlNode {
  name: string;
  attrs: string;
  children: XmlNode[];
  text: string;
}
/**
 * A strict reader for the XML the site writes (no DTD, comments or CDATA): throws on a tag closed out
 * of order, text holding `<` or an `&` that starts no entity, or anything after the root.
 */
function parseXml(src: string): XmlNode {
  const body = src.replace(/^<\?xml [^?]*\?>\s*/, '');
  const root: XmlNode = { name: '#document', attrs: '', children: [], text: '' };
  const stack = [root];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  let at = 0;
  while (at < body.length) {
    token.lastIndex = at;
    const m = token.exec(body);
    if (!m) throw new Error(`not well-formed XML at ${at}: ${body.slice(at, at + 40)}`);
    at = token.lastIndex;
    const [, close, name, attrs, selfClose, text] = m;
    const top = stack[stack.length - 1];
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|apos|quot|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new Error(`bare & in ${text}`);
      if (top === root && text.trim()) throw new Error(`text outside the root: ${text}`);
      top.text += text;
    } else if (close) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else {
      const node = { name, attrs, children: [], text: '' };
      top.children.push(node);
      if (top === root && root.children.length > 1) throw new Error('two roots');
      if (!selfClose) stack.push(node);
    }
  }
  if (stack.length !== 1 || root.children.length !== 1) throw new Error('unclosed or missing root');
  return root.children[0];
}
const all = (n: XmlNode, name: string): XmlNode[] => [
  ...(n.name === name ? [n] : []),
  ...n.children.flatMap((c) => all(c, name)),
];
const texts = (n: XmlNode, name: string) => all(n, name).map((c) => c.text.trim());

/**
 * What search engines read (issue #37 part 3), on the built site: each kind of page's structured
 * data, the sitemaps (the Google News one too), the RSS feeds, noindex and canonical addresses.
 */
describe.each(targets())('search engines on $name', (target) => {
  let b: SportsBench;
  let base: string;
  let site: string;
  let stop: () => Promise<void>;
  const found = {} as Record<
    | 'fbMatch'
    | 'lqMatch'
    | 'fbTeam'
    | 'lqTeam'
    | 'fbPlayer'
    | 'lqPlayer'
    | 'madeUpPlayer'
    | 'article'
    | 'post'
    | 'hiddenPost'
    | 'deletedPost',
    number
  >;

  beforeAll(async () => {
    b = await createSportsBench(target, { start: START });
    const astro = await loadAstroHandler();
    if (!astro) throw new Error('the site is not built: run `npm run build` first');
    ({ base, stop } = await listenForTest(b.app, astro));
    site = b.app.config.publicSiteUrl;
    const db = b.app.db;
    const first = async <T>(q: Promise<T[]>) => (await q)[0];
    const matchOf = (sport: number) =>
      first(db.select({ id: matches.id }).from(matches).where(eq(matches.sport, sport)).limit(1));
    const teamOf = (sport: number) =>
      first(db.select({ id: teams.id }).from(teams).where(eq(teams.sport, sport)).limit(1));
    const playerOf = (sport: number, generated: boolean) =>
      first(
        db
          .select({ id: players.id })
          .from(players)
          .where(and(eq(players.sport, sport), eq(players.generated, generated)))
          .limit(1),
      );
    found.fbMatch = (await matchOf(1)).id;
    found.lqMatch = (await matchOf(2)).id;
    found.fbTeam = (await teamOf(1)).id;
    found.lqTeam = (await teamOf(2)).id;
    found.fbPlayer = (await playerOf(1, false)).id;
    found.lqPlayer = (await playerOf(2, false)).id;
    found.madeUpPlayer = (await playerOf(1, true)).id;
    const [fan] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, DEMO.fan));
    const post = async (status: string) =>
      (
        await db
          .insert(posts)
          .values({
            userId: fan.id,
            kind: 2,
            content: `搜索引擎测试帖 ${status}`,
            contentHash: `seo-${status}`,
            status,
          })
          .returning({ id: posts.id })
      )[0].id;
    found.post = await post('visible');
    found.hiddenPost = await post('hidden');
    found.deletedPost = await post('deleted');
    found.article = (
      await first(
        db
          .select({ id: newsArticles.id })
          .from(newsArticles)
          .where(and(eq(newsArticles.status, 'published'), lte(newsArticles.publishAt, new Date())))
          .limit(1),
      )
    ).id;
  }, 120_000);
  afterAll(async () => {
    await stop();
    await b.close();
  });

  const get = async (path: string, token?: string) => {
    const res = await fetch(base + path, {
      redirect: 'manual',
      headers: token ? { cookie: `token=${token}` } : {},
    });
    return { res, text: await res.text() };
  };
  /** An article written straight into the table, published at `at`. */
  const article = async (title: string, at: number, status = 'published', column = 'epl') => {
    const [c] = await b.app.db.select().from(newsColumns).where(eq(newsColumns.slug, column));
    const [row] = await b.app.db
      .insert(newsArticles)
      .values({
        columnId: c.id,
        title,
        summary: title,
        body: `${title}。`,
        authorName: '测试编辑',
        status,
        publishAt: new Date(at),
        previewToken: `seo-${Math.random()}`,
      })
      .returning({ id: newsArticles.id });
    return row.id;
  };

  it('gives each kind of page its structured data, with the fields search engines require', async () => {
    const pages: [string, string[]][] = [
      [`/news/${found.article}`, ['NewsArticle', 'BreadcrumbList']],
      [`/football/live/${found.fbMatch}`, ['SportsEvent', 'BreadcrumbList']],
      [`/basketball/live/${found.lqMatch}`, ['SportsEvent', 'BreadcrumbList']],
      [`/football/analysis/${found.fbMatch}`, ['SportsEvent', 'BreadcrumbList']],
      [teamHref(1, found.fbTeam), ['SportsTeam', 'BreadcrumbList']],
      [teamHref(2, found.lqTeam), ['SportsTeam', 'BreadcrumbList']],
      [playerHref(1, found.fbPlayer), ['Person', 'BreadcrumbList']],
      [playerHref(2, found.lqPlayer), ['Person', 'BreadcrumbList']],
      [playerHref(1, found.madeUpPlayer), ['Person', 'BreadcrumbList']],
      [`/community/post/${found.post}`, ['BreadcrumbList']],
      ['/about/agreement', ['BreadcrumbList']],
      ['/news/pages?column=epl', ['BreadcrumbList']],
    ];
    for (const [path, types] of pages) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(200);
      const nodes = jsonLdOf(text);
      expect(nodes.map((n) => n['@type']).sort(), path).toEqual([...types].sort());
      for (const n of nodes) {
        expect(n['@context'], path).toBe('https://schema.org');
        REQUIRED[n['@type']](n);
      }
      // The page's own address closes its breadcrumbs.
      const crumbs = nodes.find((n) => n['@type'] === 'BreadcrumbList');
      expect(crumbs.itemListElement.at(-1).item, path).toBe(new URL(path, site).toString());
    }
  });

  it('says no more of a generated player than the page shows, and keeps it out of the index', async () => {
    const { text } = await get(playerHref(1, found.madeUpPlayer));
    const person = jsonLdOf(text).find((n) => n['@type'] === 'Person');
    expect(Object.keys(person).sort()).toEqual(
      ['@context', '@type', 'name', 'url', ...(person.memberOf ? ['memberOf'] : [])].sort(),
    );
    expect(text).toContain('<meta name="robots" content="noindex">');
    const real = await get(playerHref(1, found.fbPlayer));
    expect(real.text).not.toContain('name="robots"');
  });

  it("names a team's country and a player's nationality in Chinese, on the page and in its structured data", async () => {
    // The data keeps FIFA codes (ENG); a page showed them as they are (issue 32).
    const zh = new Map<string, string>(
      JSON.parse(
        readFileSync(new URL('../../src/server/seed/data/zh-names/nations_zh.json', import.meta.url), 'utf8'),
      ).map((n: { fifa_code: string; zh: string }) => [n.fifa_code, n.zh]),
    );
    const db = b.app.db;
    const [player] = await db
      .select({ id: players.id, nationality: players.nationality, teamId: players.teamId })
      .from(players)
      .where(and(eq(players.sport, 1), eq(players.generated, false), isNotNull(players.teamId)))
      .limit(1);
    const [team] = await db
      .select({ country: teams.country })
      .from(teams)
      .where(eq(teams.id, player.teamId!));
    expect([team.country, player.nationality]).toEqual([
      expect.stringMatching(/^[A-Z]{3}$/),
      expect.stringMatching(/^[A-Z]{3}$/),
    ]);
    const teamPage = (await get(teamHref(1, player.teamId!))).text;
    expect(teamPage).toMatch(new RegExp(`国家/地区</dt>\\s*<dd[^>]*>${zh.get(team.country!)}<`));
    expect(teamPage).not.toMatch(new RegExp(`>${team.country}<`));
    const playerPage = (await get(playerHref(1, player.id))).text;
    expect(playerPage).toMatch(new RegExp(`国籍</dt>\\s*<dd[^>]*>${zh.get(player.nationality!)}<`));
    const person = jsonLdOf(playerPage).find((n) => n['@type'] === 'Person');
    expect(person.nationality).toEqual({ '@type': 'Country', name: zh.get(player.nationality!) });
  });

  it('keeps user text inside its JSON-LD block', async () => {
    const title = '</script><script>alert(1)</script><!-- & \u2028';
    const id = await article(title, Date.now() - HOUR);
    const { text } = await get(`/news/${id}`);
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)![1];
    expect(block).not.toMatch(/[<>&\u2028]/);
    // Quoted attribute values (the description) may hold `<`; nowhere else does the title's markup appear.
    expect(text.replace(/="[^"]*"/g, '=""')).not.toContain('<script>alert(1)');
    expect(jsonLdOf(text).find((n) => n['@type'] === 'NewsArticle').headline).toBe(title);
  });

  it('lists every part of the sitemap, each well-formed, with the real pages of things that exist', async () => {
    const index = parseXml((await get('/sitemap.xml')).text);
    expect(index.name).toBe('sitemapindex');
    const files = texts(index, 'loc');
    for (const part of [
      'news',
      'recent-news',
      'matches',
      'competitions',
      'teams',
      'players',
      'posts',
      'about',
    ])
      expect(files).toContain(`${site}/sitemap-${part}.xml`);
    const urls = new Map<string, string[]>();
    for (const file of files) {
      const { res, text } = await get(new URL(file).pathname);
      expect(res.status, file).toBe(200);
      const set = parseXml(text);
      expect(set.name).toBe('urlset');
      const locs = texts(set, 'loc');
      expect(locs.length, file).toBeLessThanOrEqual(50_000);
      for (const loc of locs) expect(loc.startsWith(`${site}/`), loc).toBe(true);
      for (const lastmod of texts(set, 'lastmod')) expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
      urls.set(new URL(file).pathname, locs);
    }
    const paths = (file: string) => urls.get(file)!.map((u) => new URL(u).pathname);
    expect(paths('/sitemap-teams.xml')).toContain(teamHref(1, found.fbTeam));
    expect(paths('/sitemap-teams.xml')).toContain(teamHref(2, found.lqTeam));
    expect(paths('/sitemap-players.xml')).toContain(playerHref(1, found.fbPlayer));
    expect(paths('/sitemap-players.xml')).not.toContain(playerHref(1, found.madeUpPlayer));
    expect(paths('/sitemap-posts.xml')).toContain(`/community/post/${found.post}`);
    expect(paths('/sitemap-posts.xml')).not.toContain(`/community/post/${found.hiddenPost}`);
    expect(paths('/sitemap-posts.xml')).not.toContain(`/community/post/${found.deletedPost}`);
    expect(paths('/sitemap-about.xml')).toContain('/about/agreement');
    for (const path of paths('/sitemap-competitions.xml'))
      expect((await get(path)).res.status, path).toBe(200);
    expect(paths('/sitemap-news.xml')).toContain(`/news/${found.article}`);
    // Each part's first URL is a page that answers.
    for (const [file, locs] of urls) {
      if (!locs.length) continue;
      const { res } = await get(new URL(locs[0]).pathname + new URL(locs[0]).search);
      expect(res.status, `${file}: ${locs[0]}`).toBe(200);
    }
  });

  it('pages a part past 50,000 URLs, and answers 404 for a page that does not exist', async () => {
    const small = createSitemap(b.app.db, 5);
    const index = (await small.index()).map((e) => e.path);
    expect(index).toContain('/sitemap-teams-2.xml');
    const one = (await small.part('teams', 1))!.map((e) => e.path);
    const two = (await small.part('teams', 2))!.map((e) => e.path);
    expect(one).toHaveLength(5);
    expect(two.some((p) => one.includes(p))).toBe(false);
    expect(await small.part('posts', 10_000)).toBeNull();
    for (const path of ['/sitemap-teams-1.xml', '/sitemap-teams-9999.xml', '/sitemap-nothing.xml'])
      expect((await get(path)).res.status, path).toBe(404);
  });

  it('lists in the news sitemap the articles of the last two days only, in the Google News format', async () => {
    // At the pinned time: what the window holds does not depend on today's date.
    const at = START;
    const inside = await article('两天内的文章', at - 47 * HOUR);
    const before = await article('三天前的文章', at - 3 * DAY);
    const later = await article('之后才发布的文章', at + HOUR);
    const draft = await article('草稿', at - HOUR, 'draft');
    const window = (await b.app.services.news.sitemap.part('recent-news', 1, new Date(at)))!;
    const ids = window.map((e) => e.path);
    expect(ids).toContain(`/news/${inside}`);
    for (const id of [before, later, draft]) expect(ids).not.toContain(`/news/${id}`);

    // The served file, at the real time: an article published an hour ago is in, one of three days ago out.
    const fresh = await article('一小时前的文章 <&>', Date.now() - HOUR);
    const stale = await article('三天前发布', Date.now() - 3 * DAY);
    const { res, text } = await get('/sitemap-recent-news.xml');
    expect(res.headers.get('content-type')).toContain('xml');
    expect(text).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
    const set = parseXml(text);
    const entries = all(set, 'url').map((u) => ({
      loc: texts(u, 'loc')[0],
      name: texts(u, 'news:name')[0],
      language: texts(u, 'news:language')[0],
      date: texts(u, 'news:publication_date')[0],
      title: texts(u, 'news:title')[0],
    }));
    const mine = entries.find((e) => e.loc === `${site}/news/${fresh}`);
    expect(mine).toMatchObject({ name: '球友圈', language: 'zh', title: '一小时前的文章 &lt;&amp;&gt;' });
    expect(entries.map((e) => e.loc)).not.toContain(`${site}/news/${stale}`);
    for (const e of entries) expect(Date.now() - Date.parse(e.date)).toBeLessThanOrEqual(2 * DAY);
  });

  it('serves an RSS feed per column, linked from the column page', async () => {
    const columns = await b.app.db.select().from(newsColumns);
    const epl = columns.find((c) => c.slug === 'epl')!;
    const id = await article('英超栏目 RSS 测试', Date.now() - HOUR, 'published', 'epl');
    const page = (await get('/news/pages?column=epl')).text;
    expect(page).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/news\/rss\/epl\.xml">/,
    );
    const { res, text } = await get('/news/rss/epl.xml');
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    const rss = parseXml(text);
    expect(rss.name).toBe('rss');
    expect(texts(rss, 'link')).toContain(`${site}/news/${id}`);
    expect(new Set(texts(rss, 'category'))).toEqual(new Set([epl.name]));
    const everything = parseXml((await get('/news/rss.xml')).text);
    expect(texts(everything, 'link')).toContain(`${site}/news/${id}`);
    const head = (await get('/news/pages')).text;
    expect(head).toContain('type="application/rss+xml" title="头条 RSS" href="/news/rss.xml"');
    // The older address of a column's feed moves for good; an unknown column has none.
    const old = await get('/news/rss.xml?column=epl');
    expect(old.res.status).toBe(301);
    expect(old.res.headers.get('location')).toBe('/news/rss/epl.xml');
    expect((await get('/news/rss/nothing.xml')).res.status).toBe(404);
  });

  it('keeps search results, personal pages, the console, the cashier and login forms out of the index', async () => {
    const noindex = (html: string) => html.includes('<meta name="robots" content="noindex">');
    const fan = await b.tokenOf(DEMO.fan);
    const admin = await b.tokenOf(DEMO.admin);
    for (const [path, token] of [
      ['/search?val=%E6%9B%BC%E8%81%94', undefined],
      ['/user/register', undefined],
      ['/user/pwd_find', undefined],
      ['/v/wallet', fan],
      ['/v/anchor-set', fan],
      ['/v/home', fan],
      ['/ops', admin],
    ] as const) {
      const { res, text } = await get(path, token);
      expect(res.status, path).toBe(200);
      expect(noindex(text), path).toBe(true);
    }
    const [me] = await b.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, DEMO.fan));
    // Among them a page the Lighthouse run audits for SEO 100 (tests/lighthouse/pages.json): a real player.
    for (const path of [
      '/',
      '/football',
      `/news/${found.article}`,
      `/personal/${me.id}`,
      '/database/fb/player/1',
    ]) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(200);
      expect(noindex(text), path).toBe(false);
    }
  });

  it('names one canonical address for a page reachable by several', async () => {
    const canonical = async (path: string) =>
      /<link rel="canonical" href="([^"]+)">/.exec((await get(path)).text)?.[1];
    // Parameters the page does not read, their order and a trailing slash do not make another page.
    expect(await canonical('/football?utm_source=x&lottery=jc&from=y')).toBe(`${site}/football?lottery=jc`);
    expect(await canonical('/football/')).toBe(`${site}/football`);
    expect(await canonical('/news/pages?column=epl&utm_medium=feed')).toBe(`${site}/news/pages?column=epl`);
    // An about page by id and by name; an article's comment pages.
    const [agreement] = await b.app.db.select().from(aboutPages).where(eq(aboutPages.slug, 'agreement'));
    expect(await canonical(`/about/${agreement.id}`)).toBe(`${site}/about/agreement`);
    expect(await canonical('/about/agreement')).toBe(`${site}/about/agreement`);
    expect(await canonical(`/news/${found.article}?page=2`)).toBe(`${site}/news/${found.article}`);
    for (const path of ['/', '/football', '/about/10001', `/community/post/${found.post}`])
      expect(await canonical(path), path).toMatch(/^https?:\/\//);
  });
});
